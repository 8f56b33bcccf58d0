/** One testimonial of the carousel section (testimonials.json). */
import { z } from 'astro/zod';
import { slug, text } from '~/lib/schema-primitives';

export const testimonialSchema = z.object({
  id: slug,
  author: text,
  text,
  subtext: text,
  timeframe: text,
  highlight: text,
  response: text,
});
