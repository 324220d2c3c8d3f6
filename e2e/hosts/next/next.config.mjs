// A Next.js app's ordinary config: nothing for Portico (its packages are built JavaScript).
/** @type {import('next').NextConfig} */
const config = {};
export default config;
