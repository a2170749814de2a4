import { useEffect, useRef, useState } from 'react';
import { ApiError, messageOf } from '../lib/api';
import { getSigningForm, getWaiver, signBySigningLink, signWaiver } from '../lib/calls';
import { dateOf } from '../lib/format';
import type { PublicWaiver, SigningBody, SigningForm, VenueFormat } from '../lib/types';
import { applyTheme } from '../theme';
import { Field, type FieldValue } from '../flow/Field';
import { RichText } from './RichText';
import { SignaturePadField } from './SignaturePadField';
import { askedFields, buildSigningBody, fieldName, isMinor, type SigningState } from '@lanebook/core/signing-form';

/** Whose key signs: the booking's reference (the booker's own pages) or the friends' sign-only token (decision 023). */
export type WaiverKey = { reference: string } | { token: string };

interface Props {
  by: WaiverKey;
  /** In the booking flow: "Sign later" shows this link (the friends' signing link, never the reference) and moves on. */
  laterLink?: string;
  onDone?: () => void;
  /**
   * Whether the booker may be the one signing (the booking flow, the booking's own page): their
   * first signature starts with the booking's name and email. Not on the friends' link.
   */
  prefillBooker?: boolean;
  /** The venue's date format and zone, for the day the booker's waiver on file lasts until. */
  venue?: VenueFormat;
}

const EMPTY: SigningState = { values: {}, checked: [], signature: null, guardianName: '', guardianSignature: null };

/** The form by either key; the token's has no booker and brings the venue's look (its page has no widget configuration). */
const loadForm = (by: WaiverKey): Promise<PublicWaiver | SigningForm> =>
  'token' in by ? getSigningForm(by.token) : getWaiver(by.reference);
const sign = (by: WaiverKey, body: SigningBody) => ('token' in by ? signBySigningLink(by.token, body) : signWaiver(by.reference, body));

/** Signing the booking's waiver (a lazy chunk: signature_pad loads only here). */
export default function SignWaiver({ by, laterLink, onDone, prefillBooker = true, venue }: Props) {
  const [waiver, setWaiver] = useState<PublicWaiver | SigningForm | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [state, setState] = useState<SigningState>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [signed, setSigned] = useState(false);
  const [later, setLater] = useState(false);
  const [round, setRound] = useState(0);
  // The booker's earlier signature counts for this booking (issue 38): they are told so, not asked to sign, until someone else signs.
  const [showOnFile, setShowOnFile] = useState(prefillBooker);
  // Only the first form of a visit is the booker's: after a signature, the next is someone else's.
  const bookerTurn = useRef(prefillBooker);
  const isToken = 'token' in by;
  const key = isToken ? by.token : by.reference;

  useEffect(() => {
    let live = true;
    loadForm(isToken ? { token: key } : { reference: key }).then(
      (w) => {
        if (!live) return;
        setWaiver(w);
        if ('view' in w) applyTheme(w);
        // The booker's waiver on file: the next form is someone else's.
        if ('bookerOnFile' in w && w.bookerOnFile) bookerTurn.current = false;
        const booker = bookerTurn.current && 'booker' in w ? w.booker : null;
        if (booker)
          setState((s) => ({ ...s, values: { ...s.values, firstName: booker.firstName, lastName: booker.lastName, email: booker.email } }));
      },
      (e) => live && setLoadError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [isToken, key, round]);

  const laterBox = (
    <div className="lb-box">
      <p>Sign any time before your visit at this link:</p>
      <p className="lb-break">
        <a href={laterLink} target="_blank" rel="noopener">
          {laterLink}
        </a>
      </p>
      {onDone ? (
        <button type="button" className="lb-btn lb-btn-block" onClick={onDone}>
          Continue
        </button>
      ) : null}
    </div>
  );

  if (later) return laterBox;
  if (loadError)
    return (
      <>
        <p className="lb-error" role="alert">
          {loadError}
        </p>
        {laterLink ? laterBox : null}
      </>
    );
  if (!waiver) return <p className="lb-muted">Loading the waiver…</p>;

  const count = (
    <p className="lb-muted">
      {waiver.signedCount} of {waiver.playersCount} signed
    </p>
  );

  const onFileUntil = showOnFile && 'bookerOnFile' in waiver ? (waiver.bookerOnFile?.validUntil ?? null) : null;
  if (onFileUntil) {
    const othersLeft = waiver.signedCount < waiver.playersCount;
    return (
      <div className="lb-box" role="status">
        <p>
          <strong>Your waiver is on file until {venue ? dateOf(onFileUntil, venue) : new Date(onFileUntil).toLocaleDateString()}.</strong>
        </p>
        {count}
        {othersLeft && laterLink ? (
          <>
            <p>The others in your group can sign any time before your visit at this link:</p>
            <p className="lb-break">
              <a href={laterLink} target="_blank" rel="noopener">
                {laterLink}
              </a>
            </p>
          </>
        ) : null}
        <div className="lb-row">
          {othersLeft && waiver.window.isOpen ? (
            <button type="button" className="lb-btn lb-btn-secondary" onClick={() => setShowOnFile(false)}>
              Sign for someone else
            </button>
          ) : null}
          {onDone ? (
            <button type="button" className="lb-btn" onClick={onDone}>
              Continue
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  if (signed)
    return (
      <div className="lb-box" role="status">
        <p>
          <strong>Waiver successfully signed</strong>
        </p>
        {count}
        <div className="lb-row">
          <button
            type="button"
            className="lb-btn lb-btn-secondary"
            onClick={() => {
              setSigned(false);
              setState(EMPTY);
              setRound((n) => n + 1);
            }}
          >
            Sign for someone else
          </button>
          {onDone ? (
            <button type="button" className="lb-btn" onClick={onDone}>
              Continue
            </button>
          ) : null}
        </div>
      </div>
    );

  if (!waiver.window.isOpen)
    return (
      <>
        <p className="lb-note">
          {waiver.window.opensAt && new Date(waiver.window.opensAt) > new Date()
            ? `Signing opens ${new Date(waiver.window.opensAt).toLocaleString()}.`
            : 'Signing for this booking has closed.'}
        </p>
        {laterLink ? laterBox : null}
      </>
    );

  const { title, intro, text, fields, checkboxes } = waiver.waiver;
  const minor = isMinor(state.values, fields, waiver.ageOfMajority);
  const setValue = (name: string, value: FieldValue) => setState((s) => ({ ...s, values: { ...s.values, [name]: value } }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const built = buildSigningBody({ waiver: waiver.waiver, ageOfMajority: waiver.ageOfMajority }, state);
    setErrors(built.errors);
    if (!built.body) {
      setFormError('Check the fields marked above.');
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      await sign(by, built.body);
      bookerTurn.current = false;
      setSigned(true);
      setRound((n) => n + 1);
    } catch (e) {
      const found: Record<string, string> = {};
      if (e instanceof ApiError) for (const f of e.fields) found[f.path] = f.message;
      setErrors(found);
      setFormError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="lb-sign" key={round}>
      <h3>{title}</h3>
      {count}
      {intro ? <p className="lb-pre">{intro}</p> : null}
      <div className="lb-terms-text" tabIndex={0} role="region" aria-label={title}>
        <RichText html={text} />
      </div>
      {askedFields(fields).map((field) => {
        const name = fieldName(field);
        return (
          <Field
            key={name}
            type={field.type}
            label={field.label}
            hint={field.hint}
            required={field.isRequired}
            options={field.options}
            value={state.values[name]}
            onChange={(v) => setValue(name, v)}
            error={errors[`fields.${name}`]}
          />
        );
      })}
      {checkboxes.map((checkbox, index) => (
        <Field
          key={index}
          type="flag"
          label={checkbox.text}
          required={checkbox.isRequired}
          value={state.checked[index] === true}
          onChange={(v) =>
            setState((s) => {
              const checked = [...s.checked];
              checked[index] = v === true;
              return { ...s, checked };
            })
          }
          error={errors[`checkboxes.${index}`]}
        />
      ))}
      <SignaturePadField label="Sign here" onChange={(png) => setState((s) => ({ ...s, signature: png }))} error={errors.signature} />
      {minor ? (
        <div className="lb-box">
          <p>The signer is under {waiver.ageOfMajority}: a parent or guardian signs as well.</p>
          <Field
            type="text"
            label="Guardian's full name"
            required
            value={state.guardianName}
            onChange={(v) => setState((s) => ({ ...s, guardianName: String(v ?? '') }))}
            error={errors.guardianName}
          />
          <SignaturePadField
            label="Guardian's signature"
            onChange={(png) => setState((s) => ({ ...s, guardianSignature: png }))}
            error={errors.guardianSignature}
          />
        </div>
      ) : null}
      {formError ? (
        <p className="lb-error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="lb-row">
        <button type="submit" className="lb-btn" disabled={busy} aria-busy={busy}>
          Sign Waiver
        </button>
        {laterLink ? (
          <button type="button" className="lb-btn lb-btn-secondary" onClick={() => setLater(true)}>
            Sign later
          </button>
        ) : null}
      </div>
    </form>
  );
}
