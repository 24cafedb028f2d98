import type { ModalType } from '@excursio/shared';
import { ProfileCard } from '../profile/ProfileCard';
import { SignInFlow } from '../sign-in/SignInFlow';
import './modal.css';

export interface AuthModalProps {
  type: ModalType;
  onClose: () => void;
}

/** The modal's content (the shell draws the frame): sign-in, or the signed-in profile. */
export function AuthModal({ type, onClose }: AuthModalProps) {
  return (
    <div className="au-modal">
      {type === 'profile' ? <ProfileCard onClose={onClose} /> : <SignInFlow onClose={onClose} />}
    </div>
  );
}
