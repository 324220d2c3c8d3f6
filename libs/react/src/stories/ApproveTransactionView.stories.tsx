import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import ApproveTransactionView from '../views/ApproveTransactionView';
import { connectedPortico, disposeStoryPorticos, themeOf, withPortico, type PorticoLoaded } from './storyPortico';

/** Loaded by these stories: the instance and the gated request's outcome. */
interface Loaded extends PorticoLoaded {
  outcome: Promise<string>;
  sent: string[];
}

const meta = {
  title: 'Views/ApproveTransaction',
  component: ApproveTransactionView,
  decorators: [withPortico],
  beforeEach: () => disposeStoryPorticos,
  loaders: [
    async ({ globals }) => {
      const portico = await connectedPortico({ theme: themeOf(globals) });
      const sent: string[] = [];
      const request = { method: 'acme_sendTransaction', params: [{ to: 'acme:1:0000feedbeef', value: 1_000_000n }] };
      const outcome = portico.kernel.requestGate.request('acme', request, async () => {
        sent.push(request.method);
        return '0xstory';
      });
      // Disposing the instance aborts a request still pending; that is not a failure here.
      outcome.catch(() => undefined);
      return { portico, outcome, sent };
    },
  ],
} satisfies Meta<typeof ApproveTransactionView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Pending: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('approve-method')).toHaveTextContent('acme_sendTransaction');
    await expect(canvas.getByText(/"value": "1000000"/)).toBeInTheDocument();
    await expect(canvas.getByText('Storybook asks you to approve this request.')).toBeInTheDocument();
  },
};

export const Approve: Story = {
  play: async ({ canvasElement, loaded }) => {
    const { outcome, sent } = loaded as Loaded;
    const canvas = within(canvasElement);
    await expect(sent).toEqual([]);
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await expect(outcome).resolves.toBe('0xstory');
    await expect(sent).toEqual(['acme_sendTransaction']);
    await expect(await canvas.findByText('There is no request waiting.')).toBeInTheDocument();
  },
};

export const Reject: Story = {
  play: async ({ canvasElement, loaded }) => {
    const { outcome, sent } = loaded as Loaded;
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reject' }));
    await expect(outcome).rejects.toThrow();
    await expect(sent).toEqual([]);
  },
};

/** The user approves; the wallet's network is down (a real refused `fetch` in the browser): the view says so in words. */
export const ApprovedThenNetworkDown: Story = {
  play: async ({ canvasElement, loaded }) => {
    const { portico } = loaded as Loaded;
    const canvas = within(canvasElement);
    // The loader's request goes; this one fails once approved, the way a wallet on a dead RPC does.
    portico.kernel.requestGate.reject(portico.kernel.requestGate.getSnapshot().pending[0]!.id);
    const failing = portico.kernel.requestGate.request('acme', { method: 'acme_sendTransaction', params: [{ to: 'acme:1:0000feedbeef' }] }, async () => {
      const response = await fetch('http://127.0.0.1:9/', { method: 'POST' });
      return response.text();
    });
    const outcome = failing.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await userEvent.click(await canvas.findByRole('button', { name: 'Approve' }));
    await expect(await outcome).toBeInstanceOf(TypeError);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent("The network isn't answering");
    await expect(alert).not.toHaveTextContent('Failed to fetch');
    await expect(canvas.getByTestId('approve-method')).toHaveTextContent('acme_sendTransaction');
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await expect(await canvas.findByText('There is no request waiting.')).toBeInTheDocument();
  },
};
