/** Images for stories only: a safe inline SVG and an unsafe URL that must never be shown. */
export const SAFE_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#3b5bdb"/><circle cx="18" cy="18" r="9" fill="#fff"/></svg>',
)}`;

export const UNSAFE_IMAGE = 'javascript:alert(1)';
