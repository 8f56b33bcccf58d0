/**
 * Every page but the home and thank-you pages: what every page does, the guides' filters and
 * "Get it free" buttons, and the missing page's log (the home and thank-you pages have none of them).
 */
import { enhanceSite } from '~/enhancers/site';
import { logMissingPage } from '~/enhancers/not-found';
import { enhanceResourceFilters } from '~/enhancers/resource-filter';
import { enhanceGetResource } from '~/features/get-resource/opener';

enhanceSite(document);
enhanceResourceFilters(document);
enhanceGetResource();
logMissingPage(document);
