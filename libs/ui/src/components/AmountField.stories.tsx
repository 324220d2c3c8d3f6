import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AmountField } from './AmountField';

const meta = {
  title: 'UI/AmountField',
  component: AmountField,
  args: { label: 'Amount', maxLabel: 'Max', onMax: fn(), defaultValue: '' },
} satisfies Meta<typeof AmountField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The text stops short of the button: the field's end padding covers the button's width. */
async function clearOfButton(canvasElement: HTMLElement, name: string) {
  const canvas = within(canvasElement);
  const input = canvas.getByRole('textbox', { name: 'Amount' });
  const button = canvas.getByRole('button', { name });
  await waitFor(() => expect(parseFloat(getComputedStyle(input).paddingInlineEnd)).toBeGreaterThanOrEqual(button.offsetWidth + 6));
  return { input, button };
}

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const { input, button } = await clearOfButton(canvasElement, 'Max');
    await userEvent.type(input, '12.5');
    await expect(input).toHaveValue('12.5');
    await userEvent.click(button);
    await expect(args.onMax).toHaveBeenCalledTimes(1);
  },
};

export const LongWordRightToLeft: Story = {
  args: { maxLabel: 'الحد الأقصى', description: '≈ $1500.00' },
  decorators: [(Story) => <div dir="rtl" style={{ width: 240 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const { input } = await clearOfButton(canvasElement, 'الحد الأقصى');
    await expect(input).toHaveAccessibleDescription('≈ $1500.00');
  },
};

export const MaxDisabled: Story = {
  args: { maxDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Max' })).toBeDisabled();
  },
};
