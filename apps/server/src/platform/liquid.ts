import { Context, Liquid, toPromise, toValue, type Emitter, type Template } from 'liquidjs';
import { formatMoney } from '@lanebook/core';

/**
 * The one Liquid engine of the server ("templates are data", DESIGN.md): every template a venue
 * saves or staff type renders here, with no file system and with limits on size, work and time.
 */

export const TEMPLATE_LIMITS = {
  /** Characters of one template: the longest text a mailing template may hold. */
  sourceChars: 100_000,
  /** Milliseconds of one render. Rendering runs on microtasks and holds the event loop until it ends. */
  renderMs: 200,
  /** liquidjs's allocation units: each loop range's length and the length of strings filters make, summed. */
  memoryUnits: 100_000,
  /** Characters of one rendered result: a mail longer than twice the longest template is a runaway loop. */
  outputChars: 200_000,
} as const;

interface RenderSettings {
  moneyFormat?: string;
}

/** A template refused on parse or render; the message is for the person who wrote it. */
export class TemplateError extends Error {}

/** Tags that would read another template; there are no named partials, so they are refused when parsed. */
const FILE_TAGS = ['include', 'render', 'layout'] as const;

const engine = new Liquid({
  // No file system at all: an empty in-memory map stands in for liquidjs's default, rooted at the working folder.
  templates: {},
  relativeReference: false,
  strictFilters: true,
  ownPropertyOnly: true,
  parseLimit: TEMPLATE_LIMITS.sourceChars,
  renderLimit: TEMPLATE_LIMITS.renderMs,
  memoryLimit: TEMPLATE_LIMITS.memoryUnits,
});
for (const name of FILE_TAGS) {
  engine.registerTag(name, {
    parse() {
      throw new TemplateError(`the ${name} tag is not allowed`);
    },
    render() {},
  });
}
// Money in cents, in the format the render's `moneyFormat` names (the venue's; formatMoney's own without one).
engine.registerFilter('money', function (cents: unknown) {
  return formatMoney(Number(cents) || 0, (this.context.globals as RenderSettings).moneyFormat);
});

function outputText(value: unknown): string {
  const plain = toValue(value) as unknown;
  if (Array.isArray(plain)) return plain.map(outputText).join('');
  return plain === null || plain === undefined ? '' : String(plain);
}

/** Collects the output and stops the render as soon as it passes the size limit. */
class CappedEmitter implements Emitter {
  buffer = '';
  write(html: unknown) {
    this.buffer += outputText(html);
    if (this.buffer.length > TEMPLATE_LIMITS.outputChars) {
      throw new TemplateError(`the result is longer than ${TEMPLATE_LIMITS.outputChars} characters`);
    }
  }
}

/** "Template error: ..." with the first line of what liquidjs or a limit said. */
function templateError(error: unknown): TemplateError {
  const said = (error as Error).message.split('\n')[0];
  const limit = /(memory alloc|template render|parse length) limit exceeded/.exec(said);
  const why = limit
    ? `the template does too much work (${limit[0]}); shorten its loops`
    : said.replace(/^[A-Z]/, (first) => first.toLowerCase());
  return new TemplateError(`Template error: ${why}`);
}

/** Parses a template, refusing file tags and anything past the size limit. */
export function parseTemplate(source: string): Template[] {
  try {
    return engine.parse(source);
  } catch (error) {
    throw templateError(error);
  }
}

/** Renders a template over `values` within the limits; `moneyFormat` is what the money filter speaks. */
export async function renderTemplate(source: string, values: object, settings: RenderSettings = {}): Promise<string> {
  const templates = parseTemplate(source);
  const context = new Context(values, engine.options, { globals: settings });
  const emitter = new CappedEmitter();
  try {
    await toPromise(engine.renderer.renderTemplates(templates, context, emitter));
  } catch (error) {
    throw templateError(error);
  }
  return emitter.buffer;
}
