import { signingPathOf } from '@lanebook/core/waiver-schemas';

/** The booking's sign-only page (decision 023): its players sign the waiver there and it opens nothing else; the link the desk shares. */
export const signingLinkOf = (signingToken: string, origin = window.location.origin) => `${origin}${signingPathOf(signingToken)}`;
