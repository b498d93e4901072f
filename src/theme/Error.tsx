import type {ReactNode} from 'react';
import type {Props} from '@theme/Error';
import ErrorScreen from '@site/src/components/ErrorScreen';

/** Core's last-resort error boundary (a routing or render failure outside any page layout). */
export default function Error({error, tryAgain}: Props): ReactNode {
  return <ErrorScreen error={error} tryAgain={tryAgain} />;
}
