import type { ViewProps } from '@portico/react';
import { UpdateEmailOtp } from './UpdateEmailOtp';

/** UpdateEmailPrimaryOtp: the passcode mailed to the current address. */
export default function UpdateEmailPrimaryOtpView({ params }: ViewProps) {
  return <UpdateEmailOtp step="primary" params={params} />;
}
