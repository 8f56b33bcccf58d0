import { enhanceSite } from '~/enhancers/site';

enhanceSite(document);
