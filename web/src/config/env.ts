/**
 * Build-time settings, read once here so nothing deeper touches import.meta.env.
 * The social links are the product's own accounts (PRODUCT.md "Interface"); a deployment
 * overrides them with VITE_SOCIAL_* variables.
 */
const read = (value: string | undefined, fallback: string): string => (value && value.trim() !== '' ? value : fallback);

export const env = {
  socialLinks: {
    instagram: read(import.meta.env.VITE_SOCIAL_INSTAGRAM, 'https://www.instagram.com/kinodost'),
    facebook: read(import.meta.env.VITE_SOCIAL_FACEBOOK, 'https://www.facebook.com/kinodost'),
    x: read(import.meta.env.VITE_SOCIAL_X, 'https://x.com/kinodost'),
  },
} as const;
