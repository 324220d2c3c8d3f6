// Shared by the browser tests (e2e/browser/firstOpen.spec.ts) and the cold bench
// (tools/benchCold.mjs): a click measured by event order, in the page itself.

/**
 * Clicks a target in `page` (`host`: a page selector; `hostText`: a page button with that
 * text; `modal`: a selector in the modal's shadow root; `text`: a button or tab in the modal
 * with that text) and reports what the task right after the click's sees: whether the dialog
 * shows `view`, whether a view outlet in it still waits for a chunk, whether `content` is
 * rendered. With `frame: true` it also times the first animation frame with the view
 * rendered (`ms`; a rendering step may come before that task, so it waits for both).
 */
export function clickToView(page, target, view, content, { frame = false } = {}) {
  return page.evaluate(
    ({ target, view, content, frame }) =>
      new Promise((resolve, reject) => {
        const root = () => document.querySelector('[data-portico-modal]')?.shadowRoot;
        const inModal = (selector) => [...(root()?.querySelectorAll(selector) ?? [])];
        const withText = (elements, text) => elements.find((el) => el.textContent?.trim() === text);
        const element = target.host
          ? document.querySelector(target.host)
          : target.hostText
            ? withText([...document.querySelectorAll('button')], target.hostText)
            : target.text
              ? withText(inModal('button, [role="tab"]'), target.text)
              : inModal(target.modal)[0];
        if (!element) return reject(new Error(`nothing to click at ${JSON.stringify(target)}`));
        const look = () => {
          const d = root()?.querySelector(`.pt-root:not([data-prepared]) [role="dialog"][data-view="${view}"]`);
          return { dialog: !!d, loading: !!d?.querySelector('[data-view-loading]'), content: content ? !!d?.querySelector(content) : true };
        };
        const ready = () => {
          const seen = look();
          return seen.dialog && !seen.loading && seen.content;
        };
        let nextTask;
        let ms;
        const done = () => nextTask !== undefined && (!frame || ms !== undefined) && resolve({ nextTask, ms });
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          nextTask = look();
          done();
        };
        const start = performance.now();
        element.click();
        channel.port2.postMessage(null);
        if (!frame) return;
        const onFrame = () => {
          if (ready()) {
            ms = performance.now() - start;
            done();
          } else if (performance.now() - start > 10_000) reject(new Error(`${view} did not render within 10 s`));
          else requestAnimationFrame(onFrame);
        };
        requestAnimationFrame(onFrame);
      }),
    { target, view, content, frame },
  );
}
