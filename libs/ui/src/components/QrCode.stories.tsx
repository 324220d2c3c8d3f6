import type { Meta, StoryObj } from '@storybook/react-vite';
import decodeQR from 'qr/decode.js';
import { expect } from 'storybook/test';
import { QrCode } from './QrCode';

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1767225600';

/** Rasterises the rendered SVG and decodes it with the same library's decoder. */
async function decodeRendered(svg: SVGSVGElement, pixels = 400): Promise<string> {
  const markup = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = pixels;
  const context = canvas.getContext('2d')!;
  context.drawImage(image, 0, 0, pixels, pixels);
  const { data } = context.getImageData(0, 0, pixels, pixels);
  return decodeQR({ width: pixels, height: pixels, data });
}

const meta = {
  title: 'UI/QrCode',
  component: QrCode,
  args: { value: URI, label: 'WalletConnect QR code', size: 264 },
} satisfies Meta<typeof QrCode>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PairingUri: Story = {
  play: async ({ canvasElement }) => {
    const svg = canvasElement.querySelector('svg')!;
    await expect(svg).toHaveAttribute('role', 'img');
    await expect(svg).toHaveAccessibleName('WalletConnect QR code');
    // What a phone's camera would read back is exactly the pairing URI.
    await expect(await decodeRendered(svg)).toBe(URI);
  },
};

export const ChangesWithTheValue: Story = {
  args: { value: 'wc:abc@2?relay-protocol=irn&symKey=00' },
  play: async ({ canvasElement }) => {
    await expect(await decodeRendered(canvasElement.querySelector('svg')!)).toBe('wc:abc@2?relay-protocol=irn&symKey=00');
  },
};
