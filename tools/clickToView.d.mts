import type { Page } from 'playwright-core';

/** What the task right after the click's sees. */
export interface Look {
  dialog: boolean;
  loading: boolean;
  content: boolean;
}

/** Clicks a target and reports, by event order, what the next task sees (and with `frame`, the first frame's time). */
export function clickToView(
  page: Page,
  target: { host?: string; hostText?: string; modal?: string; text?: string },
  view: string,
  content?: string,
  options?: { frame?: boolean },
): Promise<{ nextTask: Look; ms?: number }>;
