import type { ViewProps } from '@portico/react';
import { UpdateEmailOtp } from './UpdateEmailOtp';

/** UpdateEmailSecondaryOtp: the passcode mailed to the new address; then the change is made. */
export default function UpdateEmailSecondaryOtpView({ params }: ViewProps) {
  return <UpdateEmailOtp step="secondary" params={params} />;
}
