/**
 * The editor's form for two collections, written by hand in the shape the generated one has
 * (`editorConfig()`: Decap's collections, each leaf field with the `rule` id of its zod schema;
 * `fieldRule(id)`: that schema): the testimonials (one JSON list file) and the free guides (a
 * folder of JSON files). The editor takes whichever module its start names (decap/start.ts).
 */
import { z } from 'astro/zod';
import { testimonialSchema } from '~/features/carousel/schema';
import { RESOURCE_TAGS, resourceSchema } from '~/lib/content-schemas';
import { LIST_FORMAT } from './decap/formats';

/** In the form an image is the path written in the file; the build checks the picture itself. */
const imagePath = z.string().trim().min(1, 'needs a picture');
const resource = resourceSchema(imagePath).shape;
const testimonial = testimonialSchema.shape;

const RULES: Record<string, z.ZodType> = {
  ...Object.fromEntries(Object.entries(testimonial).map(([name, rule]) => [`testimonials.${name}`, rule])),
  ...Object.fromEntries(Object.entries(resource).map(([name, rule]) => [`resources.${name}`, rule])),
  'resources.bullets.item': resource.bullets.element,
};

export function fieldRule(id: string): z.ZodType | undefined {
  return RULES[id];
}

const string = (name: string, label: string, collection: string) => ({ name, label, widget: 'string', rule: `${collection}.${name}` });

export function editorConfig() {
  return {
    media_folder: 'src/content/images',
    public_folder: '../images',
    collections: [
      {
        name: 'testimonials',
        label: 'Testimonials',
        format: LIST_FORMAT,
        files: [
          {
            name: 'testimonials',
            label: 'Testimonials',
            file: 'src/content/testimonials.json',
            fields: [
              {
                name: 'items',
                label: 'Testimonials',
                label_singular: 'testimonial',
                widget: 'list',
                summary: '{{fields.author}}',
                fields: [
                  string('id', 'Id', 'testimonials'),
                  string('author', 'Name', 'testimonials'),
                  { name: 'text', label: 'What she says', widget: 'text', rule: 'testimonials.text' },
                  string('subtext', 'Who she is', 'testimonials'),
                  string('timeframe', 'How long', 'testimonials'),
                  string('highlight', 'Result', 'testimonials'),
                  string('response', 'Kayla’s answer', 'testimonials'),
                ],
              },
            ],
          },
        ],
      },
      {
        name: 'resources',
        label: 'Free guides',
        label_singular: 'free guide',
        folder: 'src/content/resources',
        extension: 'json',
        format: 'json',
        create: true,
        delete: true,
        identifier_field: 'title',
        slug: '{{slug}}',
        media_folder: '/src/content/images/resources',
        public_folder: '../images/resources',
        fields: [
          string('title', 'Title', 'resources'),
          string('subtitle', 'Subtitle', 'resources'),
          { name: 'description', label: 'Description', widget: 'text', rule: 'resources.description' },
          {
            name: 'bullets',
            label: 'What’s included',
            widget: 'list',
            rule: 'resources.bullets',
            field: { name: 'bullet', label: 'Bullet', widget: 'string', rule: 'resources.bullets.item' },
          },
          { name: 'image', label: 'Cover picture', widget: 'image', rule: 'resources.image', choose_url: false },
          string('imageAlt', 'Cover picture, described', 'resources'),
          { name: 'tag', label: 'Tag', widget: 'select', options: [...RESOURCE_TAGS], rule: 'resources.tag' },
          { name: 'featured', label: 'Featured', widget: 'boolean', default: false, required: false, rule: 'resources.featured' },
          string('formId', 'Opt-in form id', 'resources'),
          { name: 'order', label: 'Order', widget: 'number', value_type: 'int', min: 0, rule: 'resources.order' },
        ],
      },
    ],
  };
}
