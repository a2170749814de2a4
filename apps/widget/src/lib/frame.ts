/**
 * Messages to the loader on the venue's page (contract: "iframe ↔ loader messages"). They carry
 * nothing private (the template's looks and a height), so they go to any parent origin: the app
 * cannot know the venue page's origin, and the loader checks that they come from its own iframe.
 */

export interface FrameParams {
  venueId: string;
  templateId: string | null;
  frame: string | null;
}

const inFrame = () => window.parent !== window;

export function postToParent(message: Record<string, unknown>) {
  if (inFrame()) window.parent.postMessage(message, '*');
}

/** `beacon`: the floating beacon's text ("Book now", or "Gift cards" for the loader's data-view="gift-cards"). */
export const postReady = (
  frame: string | null,
  info: { position: string; isHideBeacon: boolean; primary: string; label: string; beacon: string },
) => postToParent({ type: 'lanebook:ready', frame, ...info });

export const postClose = (frame: string | null) => postToParent({ type: 'lanebook:close', frame });

/** Tells the loader the content's height on every layout change; returns the stop function. */
export function reportHeight(frame: string | null): () => void {
  if (!inFrame() || typeof ResizeObserver === 'undefined') return () => {};
  let last = -1;
  const send = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      postToParent({ type: 'lanebook:resize', frame, height });
    }
  };
  const observer = new ResizeObserver(send);
  observer.observe(document.documentElement);
  observer.observe(document.body);
  send();
  return () => observer.disconnect();
}
