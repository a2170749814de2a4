import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { formatGiftCardCode, GIFT_CARD_CODE_ALPHABET, GIFT_CARD_CODE_LENGTH } from '@lanebook/core/gift-cards';

/**
 * Gift card codes (decision 045): made from the operating system's randomness, never stored. The
 * database keeps a keyed hash to find a card by its code, the last four to show it, and the code
 * sealed (AES-256-GCM) so the recipient's mail can be sent again; both keys come from the server's
 * secret, so a copy of the database alone gives no code that can be spent.
 */

export interface GiftCardKeys {
  lookup: Buffer;
  seal: Buffer;
}

/** The keys of a server secret (GIFT_CARD_SECRET, else AUTH_SECRET): one for look-ups, one for sealing. */
export function giftCardKeys(secret: string): GiftCardKeys {
  const derive = (purpose: string) => createHmac('sha256', secret).update(purpose).digest();
  return { lookup: derive('gift-card-code-lookup'), seal: derive('gift-card-code-seal') };
}

/** A new code: GIFT_CARD_CODE_LENGTH symbols, each uniform over the alphabet (bytes past the last whole multiple are drawn again). */
export function newGiftCardCode(): string {
  const size = GIFT_CARD_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < GIFT_CARD_CODE_LENGTH) {
    for (const byte of randomBytes(GIFT_CARD_CODE_LENGTH)) {
      if (byte >= limit || code.length === GIFT_CARD_CODE_LENGTH) continue;
      code += GIFT_CARD_CODE_ALPHABET[byte % size];
    }
  }
  return code;
}

/** The look-up key of a normalised code. */
export const codeHashOf = (keys: GiftCardKeys, code: string) => createHmac('sha256', keys.lookup).update(code).digest('hex');

const SEALED = 'v1';

/** The code sealed: `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function sealCode(keys: GiftCardKeys, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.seal, iv);
  const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return [SEALED, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The code of a sealed copy, formatted in groups of four; throws when the key is not the one it was sealed with. */
export function unsealCode(keys: GiftCardKeys, sealed: string): string {
  const [version, iv, tag, text] = sealed.split('.');
  if (version !== SEALED) throw new Error(`Unknown sealed gift card code version ${version}`);
  const decipher = createDecipheriv('aes-256-gcm', keys.seal, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return formatGiftCardCode(Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8'));
}
