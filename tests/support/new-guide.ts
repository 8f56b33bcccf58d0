/** A new free guide with its picture, as the content editor saves it: the entry, and the smallest real JPEG. */
export const NEW_GUIDE_PATH = 'src/content/resources/beginner-strength-starter.json';

export const NEW_GUIDE = {
  title: 'Beginner Strength Starter',
  subtitle: 'Four weeks to your first pull-up',
  description: 'A simple plan for your first month of lifting.',
  bullets: ['Three short sessions a week'],
  image: '../images/resources/beginner-strength-starter.jpg',
  imageAlt: 'Cover of Beginner Strength Starter',
  tag: 'Training Program',
  featured: false,
  formId: 'Bs1StarterForm',
  order: 12,
};

/** A JPEG's first bytes (SOI and a JFIF APP0 header): what the picture check reads. */
export const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);

export const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** The guide's picture as Decap's persistEntry sends an asset. */
export const NEW_GUIDE_PICTURE = { path: 'src/content/images/resources/beginner-strength-starter.jpg', content: base64(JPEG), encoding: 'base64' };
