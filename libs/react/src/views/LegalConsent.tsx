import type { ReactNode } from 'react';
import { usePortico } from '../hooks/usePortico';
import { useT } from '../hooks/useT';

/**
 * The terms / privacy checkbox of the `legalCheckbox` flag: a real checkbox whose label holds
 * the host's links, and, while it is unticked, the reason the connect methods are disabled
 * (the element `reasonId`, which those buttons reference with `aria-describedby`).
 */
export function LegalConsent({ accepted, reasonId }: { accepted: boolean; reasonId: string }) {
  const { legal } = usePortico('LegalConsent');
  const t = useT();
  const link = (href: string, text: string) => (
    <a key={href + text} className="pt-link" href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
  const parts: Record<string, ReactNode> = {
    terms: legal.termsConditionsUrl ? link(legal.termsConditionsUrl, t('legal.terms')) : null,
    privacy: legal.privacyPolicyUrl ? link(legal.privacyPolicyUrl, t('legal.privacy')) : null,
  };
  const key = legal.termsConditionsUrl && legal.privacyPolicyUrl ? 'legal.acceptBoth' : legal.termsConditionsUrl ? 'legal.acceptTerms' : 'legal.acceptPrivacy';
  // The translated sentence decides where the links go: split it on its {terms} / {privacy} slots.
  const label = t(key)
    .split(/(\{terms\}|\{privacy\})/)
    .map((piece) => (piece === '{terms}' ? parts.terms : piece === '{privacy}' ? parts.privacy : piece));
  return (
    <div className="pt-legal">
      <label className="pt-legal-label">
        <input type="checkbox" className="pt-legal-checkbox" checked={accepted} onChange={(e) => legal.setAccepted(e.target.checked)} />
        <span>{label}</span>
      </label>
      {accepted ? null : (
        <p id={reasonId} className="pt-muted" data-testid="legal-reason">
          {t('legal.required')}
        </p>
      )}
    </div>
  );
}
