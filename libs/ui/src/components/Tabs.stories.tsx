import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Tabs, type TabsProps } from './Tabs';

const tabs = [
  { id: 'tokens', label: 'Tokens' },
  { id: 'nfts', label: 'NFTs' },
  { id: 'activity', label: 'Activity' },
];

/** Tabs with the selection held in state; the panel names the selected tab. */
function ControlledTabs({ selected: initial, onSelect, ...props }: TabsProps) {
  const [selected, setSelected] = useState(initial);
  return (
    <Tabs
      {...props}
      selected={selected}
      onSelect={(id) => {
        setSelected(id);
        onSelect(id);
      }}
    >
      <p>Panel: {selected}</p>
    </Tabs>
  );
}

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  args: { label: 'Account', tabs, selected: 'tokens', onSelect: fn(), children: null },
  render: (args) => <ControlledTabs {...args} />,
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('tabindex', '-1');
    await expect(canvas.getByRole('tabpanel')).toHaveAccessibleName('Tokens');
  },
};

export const ArrowKeyNavigation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Tokens' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tab', { name: 'NFTs' })).toHaveFocus();
    await expect(canvas.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'false');
    await expect(args.onSelect).toHaveBeenLastCalledWith('nfts');
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByText('Panel: tokens')).toBeInTheDocument();
  },
};

export const RightToLeft: Story = {
  globals: { direction: 'rtl' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Tokens' }));
    // In RTL, ArrowLeft moves to the next tab.
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true');
  },
};

export const SecondSelected: Story = {
  args: { selected: 'nfts' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('tabindex', '0');
    await expect(canvas.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('tabindex', '-1');
    await expect(canvas.getByRole('tabpanel')).toHaveAccessibleName('NFTs');
    await userEvent.click(canvas.getByRole('tab', { name: 'Activity' }));
    await expect(args.onSelect).toHaveBeenLastCalledWith('activity');
    await expect(canvas.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveAccessibleName('Activity');
    await expect(canvas.getByText('Panel: activity')).toBeInTheDocument();
  },
};
