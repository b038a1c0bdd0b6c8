/** Asks the server to mail a new email-confirmation link, and says in a toast whether it went. */
import { toast } from '../../lib/toast';
import { failureMessage } from './failure';
import { useResendVerificationMutation } from './lifecycle-api';

export function useSendLinkAgain() {
  const [resend, { isLoading: sending }] = useResendVerificationMutation();
  const sendAgain = async () => {
    try {
      toast.success(await resend().unwrap());
    } catch (failure) {
      toast.error(failureMessage(failure, 'We could not send a new link.'));
    }
  };
  return { sendAgain, sending };
}
