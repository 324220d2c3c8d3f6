/** How long the approval screen must have been fully visible before Approve works. */
export const VISIBLE_BEFORE_APPROVE_MS = 600;

interface VisibilityEntry {
  readonly isIntersecting: boolean;
  readonly intersectionRatio: number;
  /** IntersectionObserver v2: the target is unoccluded, untransformed and fully opaque. */
  readonly isVisible?: boolean;
}

/**
 * Whether the user can really see `target` and has for a while: a click on a frame the host
 * page made transparent, covered, shrank or slid under the pointer a moment ago is no approval
 * (clickjacking). Where the browser has IntersectionObserver v2 (`trackVisibility`: Chromium),
 * "visible" is its verdict (nothing over the frame, no opacity, transform or filter on it or its
 * ancestors); elsewhere the whole target must be in view and the page shown. Either way it must
 * have stayed so for `minimumMs`. `onChange` hears each change of `ready()`.
 */
export function watchVisibility(target: Element, onChange: () => void, minimumMs = VISIBLE_BEFORE_APPROVE_MS) {
  const v2 = typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;
  let visibleSince: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = (visible: boolean) => {
    const was = visibleSince !== undefined;
    if (visible && !was) {
      visibleSince = performance.now();
      clearTimeout(timer);
      timer = setTimeout(onChange, minimumMs + 1);
    } else if (!visible && was) {
      visibleSince = undefined;
      clearTimeout(timer);
      onChange();
    }
  };
  const observer = new IntersectionObserver(
    (entries) => {
      const entry = entries.at(-1) as VisibilityEntry | undefined;
      if (!entry) return;
      const inView = entry.isIntersecting && entry.intersectionRatio >= 0.99;
      update(v2 ? entry.isVisible === true && inView : inView && document.visibilityState === 'visible');
    },
    // `trackVisibility` needs a delay of at least 100 ms; both are ignored where v2 is missing.
    { threshold: [0, 0.99, 1], ...(v2 ? { trackVisibility: true, delay: 100 } : {}) } as IntersectionObserverInit,
  );
  observer.observe(target);
  const onPageVisibility = () => {
    if (document.visibilityState !== 'visible') update(false);
  };
  document.addEventListener('visibilitychange', onPageVisibility);
  return {
    /** Visible, and for at least `minimumMs`. */
    ready: () => visibleSince !== undefined && performance.now() - visibleSince >= minimumMs,
    /** Whether the browser judges occlusion and opacity itself (v2) or only geometry. */
    v2,
    stop() {
      clearTimeout(timer);
      observer.disconnect();
      document.removeEventListener('visibilitychange', onPageVisibility);
    },
  };
}
