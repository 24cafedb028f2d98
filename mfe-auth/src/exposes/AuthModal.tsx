// mfe_auth/AuthModal: the modal's content the shell draws in its frame; it composes the sign-in and profile features.
import { bus, type AuthModalProps } from '@excursio/shared';
import { ProfileCard } from '../features/profile/ProfileCard';
import { forgetSignInOnSignOut } from '../features/sign-in/forgetOnSignOut';
import { SignInFlow } from '../features/sign-in/SignInFlow';
import { createSignInStorage } from '../features/sign-in/signInStorage';
import '../components/modal.css';

forgetSignInOnSignOut(bus, createSignInStorage());

/** The modal's content (the shell draws the frame): sign-in, or the signed-in profile. */
export function AuthModal({ type, onClose }: AuthModalProps) {
  return (
    <div className="au-modal">
      {type === 'profile' ? <ProfileCard onClose={onClose} /> : <SignInFlow onClose={onClose} />}
    </div>
  );
}

export default AuthModal;
