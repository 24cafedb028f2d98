import { bus, type AuthModalProps } from '@excursio/shared';
import { ProfileCard } from '../profile/ProfileCard';
import { forgetSignInOnSignOut } from '../sign-in/forgetOnSignOut';
import { SignInFlow } from '../sign-in/SignInFlow';
import { createSignInStorage } from '../sign-in/signInStorage';
import './modal.css';

forgetSignInOnSignOut(bus, createSignInStorage());

/** The modal's content (the shell draws the frame): sign-in, or the signed-in profile. */
export function AuthModal({ type, onClose }: AuthModalProps) {
  return (
    <div className="au-modal">
      {type === 'profile' ? <ProfileCard onClose={onClose} /> : <SignInFlow onClose={onClose} />}
    </div>
  );
}
