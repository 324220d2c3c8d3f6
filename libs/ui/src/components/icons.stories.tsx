import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { BackIcon, CloseIcon, CopyIcon, GridIcon, MailIcon, WalletIcon } from './icons';

const all = { BackIcon, CloseIcon, CopyIcon, GridIcon, MailIcon, WalletIcon };

const meta = {
  title: 'UI/Icons',
  render: () => (
    <div className="pt-row" style={{ flexWrap: 'wrap', gap: 16 }}>
      {Object.entries(all).map(([name, Icon]) => (
        <figure key={name} style={{ margin: 0, textAlign: 'center' }}>
          <Icon />
          <figcaption className="pt-muted" style={{ fontSize: 12 }}>
            {name}
          </figcaption>
        </figure>
      ))}
    </div>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Gallery: Story = {
  play: async ({ canvasElement }) => {
    const svgs = canvasElement.querySelectorAll('svg');
    await expect(svgs).toHaveLength(6);
    for (const svg of svgs) await expect(svg).toHaveAttribute('aria-hidden', 'true');
  },
};
