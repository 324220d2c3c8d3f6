import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import ApproveTransactionView from '../views/ApproveTransactionView';
import { connectedPortico, disposeStoryPorticos, themeOf, untilPending, withPortico, type PorticoLoaded } from './storyPortico';

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
      await untilPending(portico);
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
    // Read in the connected network's units (Acme: 6 decimals), the recipient kept left-to-right with its full value.
    await expect(canvas.getByTestId('approve-amount')).toHaveTextContent('1 ACM');
    await expect(canvas.getByTestId('approve-network')).toHaveTextContent('Acme');
    const recipient = within(canvas.getByTestId('approve-to')).getByTitle('acme:1:0000feedbeef');
    await expect(recipient).toHaveAttribute('dir', 'ltr');
    await expect(canvas.getByText('Storybook asks you to approve this request.')).toBeInTheDocument();
    // The raw request stays one click away.
    const raw = canvas.getByTestId('approve-raw');
    await expect(raw).not.toBeVisible();
    await userEvent.click(canvas.getByText('Details'));
    await expect(raw).toBeVisible();
    await expect(raw).toHaveTextContent('"value": "1000000"');
  },
};

/** What the app sends is shown as text, never markup; a malformed send falls back to the raw request with a note. */
export const HostileAndMalformed: Story = {
  play: async ({ canvasElement, loaded }) => {
    const { portico } = loaded as Loaded;
    const canvas = within(canvasElement);
    const gate = portico.kernel.requestGate;
    gate.reject(gate.getSnapshot().pending[0]!.id);
    const hostile = '<img src=x onerror="document.title=1">';
    gate.request('acme', { method: 'acme_sign', params: [hostile] }, async () => '0xsig').catch(() => undefined);
    await waitFor(() => expect(canvas.getByTestId('approve-method')).toHaveTextContent('acme_sign'));
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(canvas.getByTestId('approve-raw')).toHaveTextContent('onerror');
    gate.reject(gate.getSnapshot().pending[0]!.id);
    gate.request('acme', { method: 'acme_sendTransaction', params: [{ to: { x: 1 }, value: 'lots' }] }, async () => '0x').catch(() => undefined);
    await expect(await canvas.findByTestId('approve-malformed')).toBeInTheDocument();
    await expect(canvas.getByTestId('approve-method')).toHaveTextContent('acme_sendTransaction');
    await expect(canvas.getByTestId('approve-raw')).toBeVisible();
    await expect(canvas.queryByTestId('approve-amount')).toBeNull();
    gate.reject(gate.getSnapshot().pending[0]!.id);
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
    await untilPending(portico);
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
