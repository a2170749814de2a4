import { randomUUID } from 'node:crypto';
import { standardWaiverFields, type WaiverCheckbox, type WaiverField } from '@lanebook/core/waiver-schemas';
import type { Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { sanitizeWaiverText } from './rich-text.js';
import { waivers } from './schema.js';

/**
 * The waiver every new venue starts with (and the demo's products use): a plain release of
 * liability for lane activities the venue is asked to review. Kept here only, so a new venue,
 * the demo and the tests read the same text.
 */
export const DEFAULT_WAIVER_TITLE = 'Release of liability';

export const DEFAULT_WAIVER_INTRO = 'Please read this waiver before your visit. Each participant signs their own.';

export const DEFAULT_WAIVER_TEXT = [
  '<p><strong>Please review this text.</strong> It is a starting point written for lane activities in general, not legal advice: the venue should check it against its own activities and local law before customers sign it.</p>',
  '<h2>Assumption of risk</h2>',
  '<p>I take part voluntarily in the activities offered by the venue (such as axe throwing, bowling, archery or similar lane activities). I understand that they involve physical activity and objects that can cause injury, and that there are risks, including <strong>cuts, bruises, sprains, eye injuries and, rarely, serious injury</strong>, that care and good equipment reduce but cannot remove.</p>',
  '<h2>Safety rules</h2>',
  '<p>I agree to:</p>',
  '<ul>',
  '<li><p>listen to the safety briefing and follow the instructions of the staff at all times;</p></li>',
  '<li><p>wear closed-toe shoes and stay behind the marked lines unless it is my turn;</p></li>',
  '<li><p>use the equipment only as shown, and only in my own lane;</p></li>',
  '<li><p>not take part under the influence of alcohol or drugs;</p></li>',
  '<li><p>tell the staff at once about any injury, damaged equipment or unsafe behaviour.</p></li>',
  '</ul>',
  '<p>The staff may stop my session, without refund, if I do not follow these rules.</p>',
  '<h2>Release of liability</h2>',
  '<p>To the extent the law allows, I release the venue, its owners and its staff from claims for injury, loss or damage arising from my participation, except those caused by their gross negligence or wilful misconduct. I am responsible for damage I cause on purpose or through reckless behaviour.</p>',
  '<h2>Health</h2>',
  '<p>I confirm that I have no medical condition that makes the activity unsafe for me, or that I have discussed it with the staff before taking part.</p>',
  '<h2>Minors</h2>',
  '<p>A participant under the age of majority must have this waiver signed by a parent or legal guardian, who accepts its terms on the minor\u2019s behalf and confirms that the minor will follow the safety rules.</p>',
  '<h2>Photos and medical care</h2>',
  '<p>The two consents below are optional: leaving them unticked does not stop anyone from taking part.</p>',
  '<p>By signing, I confirm that I have read and understood this waiver and sign it freely.</p>',
].join('');

export const DEFAULT_WAIVER_CHECKBOXES: WaiverCheckbox[] = [
  {
    text: 'I agree that photos or videos taken during my visit may be used by the venue on its website and social media.',
    isRequired: false,
  },
  {
    text: 'In an emergency, I consent to first aid and to emergency medical treatment being arranged for me.',
    isRequired: false,
  },
];

/** The standard fields: first name, last name and email required (decision 023), phone and date of birth asked, address not. */
export function defaultWaiverFields(): WaiverField[] {
  return standardWaiverFields().map((field) => (field.key === 'address' ? { ...field, isDisabled: true } : field));
}

/** Creates the default waiver in the venue's transaction (a new venue, the demo); answers its id. */
export async function createDefaultWaiver(tx: Tx, venueId: string): Promise<string> {
  const id = randomUUID();
  await forVenue(tx, venueId).insert(waivers, {
    id,
    title: DEFAULT_WAIVER_TITLE,
    intro: DEFAULT_WAIVER_INTRO,
    // Through the sanitizer like every saved text, so it reads exactly as an edit would store it.
    text: sanitizeWaiverText(DEFAULT_WAIVER_TEXT),
    fields: defaultWaiverFields(),
    checkboxes: DEFAULT_WAIVER_CHECKBOXES,
    startTimeHours: 0,
    cutOffHours: 0,
  });
  return id;
}
