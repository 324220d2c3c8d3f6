import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OtpInput, type OtpInputProps } from './OtpInput';

/** OtpInput with its value held in state, reporting every change to `onChange`. */
function ControlledOtp({ value: initial, onChange, ...props }: OtpInputProps) {
  const [value, setValue] = useState(initial);
  return (
    <OtpInput
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/OtpInput',
  component: OtpInput,
  args: { label: 'Verification code', value: '', onChange: fn() },
  render: (args) => <ControlledOtp {...args} />,
} satisfies Meta<typeof OtpInput>;
export default meta;
type Story = StoryObj<typeof meta>;

const boxes = (canvasElement: HTMLElement) => within(canvasElement).getAllByRole('textbox') as HTMLInputElement[];

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const inputs = boxes(canvasElement);
    await expect(inputs).toHaveLength(6);
    await expect(within(canvasElement).getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    await expect(inputs[0]).toHaveAccessibleName('Verification code 1/6');
  },
};

export const PasteFillsAllBoxes: Story = {
  play: async ({ canvasElement, args }) => {
    const inputs = boxes(canvasElement);
    await userEvent.click(inputs[0]!);
    await userEvent.paste('12-34 56');
    await expect(inputs.map((i) => i.value).join('')).toBe('123456');
    await expect(args.onChange).toHaveBeenLastCalledWith('123456');
  },
};

export const TypingAdvancesAndBackspaceGoesBack: Story = {
  play: async ({ canvasElement }) => {
    const inputs = boxes(canvasElement);
    await userEvent.click(inputs[0]!);
    await userEvent.keyboard('1a2');
    await expect(inputs.map((i) => i.value).join('')).toBe('12');
    await expect(inputs[2]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    await expect(inputs[1]).toHaveFocus();
    await expect(inputs[1]).toHaveValue('');
  },
};

export const Filled: Story = {
  args: { value: '424242' },
  play: async ({ canvasElement, args }) => {
    const inputs = boxes(canvasElement);
    await expect(inputs.map((i) => i.value)).toEqual(['4', '2', '4', '2', '4', '2']);
    await expect(args.onChange).not.toHaveBeenCalled();
    // Backspace on a filled box clears that digit only.
    await userEvent.click(inputs[5]!);
    await userEvent.keyboard('{Backspace}');
    await expect(args.onChange).toHaveBeenLastCalledWith('42424');
    await expect(inputs[5]).toHaveValue('');
    await expect(inputs[5]).toHaveFocus();
  },
};

export const FourDigits: Story = {
  args: { length: 4, value: '12' },
  play: async ({ canvasElement, args }) => {
    const inputs = boxes(canvasElement);
    await expect(inputs).toHaveLength(4);
    await expect(inputs[3]).toHaveAccessibleName('Verification code 4/4');
    await expect(inputs.map((i) => i.value)).toEqual(['1', '2', '', '']);
    await userEvent.click(inputs[2]!);
    await userEvent.keyboard('3');
    await expect(args.onChange).toHaveBeenLastCalledWith('123');
    await expect(inputs[3]).toHaveFocus();
  },
};
export const Disabled: Story = {
  args: { value: '123', disabled: true },
  play: async ({ canvasElement }) => {
    for (const input of boxes(canvasElement)) await expect(input).toBeDisabled();
  },
};
