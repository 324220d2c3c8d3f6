import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { addressGradient, Avatar } from './Avatar';
import { SAFE_IMAGE, UNSAFE_IMAGE } from './storyImages';

const meta = {
  title: 'UI/Avatar',
  component: Avatar,
  args: { name: 'Wallet', size: 48 },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SafeDataUrl: Story = {
  args: { src: SAFE_IMAGE },
  play: async ({ canvasElement }) => {
    const img = canvasElement.querySelector('img');
    await expect(img).not.toBeNull();
    await expect(img!.getAttribute('src')).toBe(SAFE_IMAGE);
    // Once loaded the image is shown (no longer transparent).
    await waitFor(() => expect(img!.style.opacity).toBe(''));
  },
};

export const UnsafeJavascriptUrl: Story = {
  args: { src: UNSAFE_IMAGE },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(canvasElement.querySelector('.pt-avatar')).toHaveTextContent('W');
  },
};

export const Placeholder: Story = {
  args: { name: 'zed' },
  play: async ({ canvasElement }) => {
    const avatar = canvasElement.querySelector<HTMLElement>('.pt-avatar')!;
    await expect(canvasElement.querySelector('img')).toBeNull();
    // The name's initial, upper-cased; decorative, since the name is shown next to it.
    await expect(avatar).toHaveTextContent(/^Z$/);
    await expect(avatar).toHaveAttribute('aria-hidden', 'true');
    await expect(avatar.getBoundingClientRect().width).toBe(48);
  },
};

export const Large: Story = {
  args: { src: SAFE_IMAGE, size: 72 },
  play: async ({ canvasElement }) => {
    const avatar = canvasElement.querySelector<HTMLElement>('.pt-avatar')!;
    const img = avatar.querySelector('img')!;
    await expect(img).toHaveAttribute('src', SAFE_IMAGE);
    await expect(img).toHaveAttribute('width', '72');
    await expect(img).toHaveAttribute('alt', '');
    await waitFor(() => expect(img.style.opacity).toBe(''));
    const box = avatar.getBoundingClientRect();
    await expect([box.width, box.height]).toEqual([72, 72]);
  },
};

export const AddressGradient: Story = {
  args: { name: '0xf39F…2266', seed: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
  play: async ({ canvasElement }) => {
    const avatar = canvasElement.querySelector<HTMLElement>('.pt-avatar')!;
    // No initial: a gradient drawn from the address's own hex digits.
    await expect(avatar).toHaveTextContent(/^$/);
    await expect(avatar).toHaveAttribute('data-seeded', 'true');
    await expect(getComputedStyle(avatar).backgroundImage).toMatch(/^radial-gradient\(/);
    await expect(addressGradient('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toContain('#f39Fd6');
    // Base58 and bech32 addresses are hashed: stable per address, different between addresses.
    const solana = addressGradient('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM');
    await expect(addressGradient('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(solana);
    await expect(addressGradient('bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l')).not.toBe(solana);
    await expect(solana).toMatch(/^radial-gradient\(75% 75% at 65% 25%, #fff 1%(, #[0-9a-f]{6} \d+%){5}\)$/);
  },
};
