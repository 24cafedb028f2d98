import { useState } from 'react';
import { AwaitingConfirmation } from './AwaitingConfirmation';
import { PhoneStep, type SignInRequested } from './PhoneStep';

type Step = { name: 'phone' } | ({ name: 'awaiting' } & SignInRequested);

/** The sign-in modal's steps; the request id is kept for the confirmation steps. */
export function SignInFlow({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'phone' });
  if (step.name === 'awaiting') {
    return <AwaitingConfirmation phone={step.phone} onChangePhone={() => setStep({ name: 'phone' })} />;
  }
  return <PhoneStep onRequested={(request) => setStep({ name: 'awaiting', ...request })} onLeave={onClose} />;
}
