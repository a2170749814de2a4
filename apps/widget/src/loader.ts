/**
 * The loader (/widget.js, docs/decisions/024-the-widget.md): plain JS, no framework. Every
 * `<script src=".../widget.js" data-venue="…" [data-template="…"] [data-affiliate="…"] [data-view="gift-cards"]>` on the page gets the widget
 * app in an iframe right after it, hidden until the app says it is ready. Embedded widgets then
 * show in place and follow the app's height; floating ones sit behind a "Book now" beacon (or the
 * venue's own `[data-lanebook-open]` buttons and `window.Lanebook.open()` when the beacon is
 * hidden). Only messages from our own iframes' windows, from the widget's origin, are heard.
 */

interface Frame {
  n: string;
  origin: string;
  box: HTMLDivElement;
  iframe: HTMLIFrameElement;
  floating: boolean;
  open: boolean;
  height: number;
  beacon?: HTMLButtonElement;
  opener?: Element | null;
}

interface LanebookApi {
  open(frame?: string | number): void;
  close(frame?: string | number): void;
  scan(): void;
}

type LanebookWindow = Window & { Lanebook?: LanebookApi };

(function () {
  const win = window as LanebookWindow;
  // A second copy of the script on the page: the first one's loader mounts its tag too.
  if (win.Lanebook) {
    win.Lanebook.scan();
    return;
  }
  const doc = document;
  const frames: Frame[] = [];
  const Z = '2147483000';

  const css = (el: HTMLElement, styles: Partial<CSSStyleDeclaration>) => Object.assign(el.style, styles);
  const isColor = (value: unknown): value is string => typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
  /** White or dark text on the venue's color, whichever reads better (WCAG luminance). */
  function textOn(hex: string) {
    const lum = [0, 2, 4]
      .map((i) => parseInt(hex.slice(1 + i, 3 + i), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    const l = 0.2126 * lum[0] + 0.7152 * lum[1] + 0.0722 * lum[2];
    return 1.05 / (l + 0.05) >= (l + 0.05) / 0.0601 ? '#fff' : '#1a1a1a';
  }

  function mount(script: HTMLScriptElement) {
    const venue = script.getAttribute('data-venue');
    if (!venue || script.hasAttribute('data-lanebook-mounted')) return;
    script.setAttribute('data-lanebook-mounted', '');
    const origin = new URL(script.src, location.href).origin;
    const n = String(frames.length + 1);
    const params = new URLSearchParams({ venue });
    const template = script.getAttribute('data-template');
    if (template) params.set('template', template);
    // A partner's tracked link: its data-affiliate, else ?affiliate= in the address of the page the widget is on.
    const affiliate = script.getAttribute('data-affiliate') || new URLSearchParams(location.search).get('affiliate');
    if (affiliate) params.set('affiliate', affiliate);
    // The view it opens on: the booking flow, or the venue's gift cards (data-view="gift-cards").
    const view = script.getAttribute('data-view');
    if (view) params.set('view', view);
    params.set('frame', n);
    const box = doc.createElement('div');
    const iframe = doc.createElement('iframe');
    iframe.src = `${origin}/widget/?${params}`;
    iframe.title = 'Book online';
    iframe.setAttribute('allow', 'payment');
    css(iframe, { border: '0', width: '100%', height: '0', display: 'block' });
    // Laid out but unseen until ready, so the app can measure itself.
    css(box, { height: '0', overflow: 'hidden', visibility: 'hidden' });
    box.appendChild(iframe);
    script.parentNode?.insertBefore(box, script.nextSibling);
    frames.push({ n, origin, box, iframe, floating: false, open: false, height: 0 });
  }

  function scan() {
    doc.querySelectorAll<HTMLScriptElement>('script[data-venue][src]').forEach((script) => {
      if (/\/widget\.js(\?|#|$)/.test(script.src)) mount(script);
    });
  }

  function layout(frame: Frame) {
    if (!frame.floating) {
      frame.iframe.style.height = `${frame.height}px`;
      return;
    }
    css(frame.box, {
      visibility: frame.open ? 'visible' : 'hidden',
      height: `min(${frame.height || 600}px, calc(100vh - 112px))`,
    });
    frame.iframe.style.height = '100%';
    frame.beacon?.setAttribute('aria-expanded', String(frame.open));
  }

  function ready(frame: Frame, data: Record<string, unknown>) {
    const label = typeof data.label === 'string' ? data.label : 'Book online';
    frame.iframe.title = label;
    const primary = isColor(data.primary) ? data.primary : '#286eed';
    if (data.position !== 'floating') {
      css(frame.box, { height: '', overflow: '', visibility: '' });
      layout(frame);
      return;
    }
    if (frame.floating) return;
    frame.floating = true;
    frame.box.id = `lanebook-panel-${frame.n}`;
    frame.box.setAttribute('role', 'dialog');
    frame.box.setAttribute('aria-label', label);
    css(frame.box, {
      position: 'fixed',
      right: '16px',
      bottom: '84px',
      width: 'min(420px, calc(100vw - 32px))',
      overflow: 'hidden',
      borderRadius: '12px',
      boxShadow: '0 8px 32px rgba(0,0,0,.25)',
      background: '#fff',
      zIndex: Z,
    });
    if (!data.isHideBeacon) {
      const beacon = doc.createElement('button');
      beacon.type = 'button';
      beacon.textContent = typeof data.beacon === 'string' && data.beacon ? data.beacon.slice(0, 40) : 'Book now';
      beacon.setAttribute('aria-controls', frame.box.id);
      css(beacon, {
        position: 'fixed',
        right: '16px',
        bottom: '16px',
        zIndex: Z,
        padding: '14px 22px',
        border: '0',
        borderRadius: '999px',
        background: primary,
        color: textOn(primary),
        font: '600 16px/1.2 system-ui, sans-serif',
        boxShadow: '0 4px 16px rgba(0,0,0,.25)',
        cursor: 'pointer',
      });
      beacon.addEventListener('click', () => toggle(frame, !frame.open, beacon));
      doc.body.appendChild(beacon);
      frame.beacon = beacon;
    }
    layout(frame);
  }

  function toggle(frame: Frame, open: boolean, opener?: Element | null) {
    if (!frame.floating || frame.open === open) return;
    frame.open = open;
    layout(frame);
    if (open) {
      frame.opener = opener ?? doc.activeElement;
      frame.iframe.focus();
    } else if (frame.opener instanceof HTMLElement) {
      frame.opener.focus();
    }
  }

  const find = (n?: string | number) =>
    n === undefined || n === '' ? frames.find((f) => f.floating) : frames.find((f) => f.n === String(n));

  win.addEventListener('message', (event) => {
    const frame = frames.find((f) => f.iframe.contentWindow === event.source);
    const data = event.data as Record<string, unknown> | null;
    if (!frame || event.origin !== frame.origin || !data || typeof data !== 'object' || String(data.frame) !== frame.n) return;
    if (data.type === 'lanebook:ready') ready(frame, data);
    else if (data.type === 'lanebook:resize' && typeof data.height === 'number' && data.height >= 0) {
      frame.height = Math.min(Math.ceil(data.height), 20000);
      layout(frame);
    } else if (data.type === 'lanebook:close') toggle(frame, false);
  });

  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') frames.forEach((f) => toggle(f, false));
  });

  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-lanebook-open]') : null;
    if (!target) return;
    const frame = find(target.getAttribute('data-lanebook-open') ?? undefined);
    if (frame) {
      event.preventDefault();
      toggle(frame, true, target);
    }
  });

  win.Lanebook = {
    open: (n) => {
      const frame = find(n);
      if (frame) toggle(frame, true);
    },
    close: (n) => {
      const frame = find(n);
      if (frame) toggle(frame, false);
    },
    scan,
  };
  if (doc.currentScript instanceof HTMLScriptElement) mount(doc.currentScript);
  scan();
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', scan);
})();
