/** A new free guide with its picture, as the content editor saves it: the entry, and a small whole JPEG. */
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

/** A small whole JPEG (48 × 32, one colour, made with sharp): what the picture check reads as the build does. */
export const JPEG = Uint8Array.from(
  atob(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAgADADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAUH/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AuAvsaAAAAAAAAAAf/9k=',
  ),
  (char) => char.charCodeAt(0),
);

export const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** The guide's picture as Decap's persistEntry sends an asset. */
export const NEW_GUIDE_PICTURE = { path: 'src/content/images/resources/beginner-strength-starter.jpg', content: base64(JPEG), encoding: 'base64' };

/** A small whole PNG made with sharp (the build's image library), and the same with a byte of its pixels changed (its checksum then fails). */
export async function testPngs(): Promise<{ whole: Uint8Array; broken: Uint8Array }> {
  const { default: sharp } = await import('sharp');
  const whole = new Uint8Array(
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0abab5' } })
      .png()
      .toBuffer(),
  );
  const broken = new Uint8Array(whole);
  broken[Buffer.from(whole).indexOf('IDAT') + 10]! ^= 0xff;
  return { whole, broken };
}
