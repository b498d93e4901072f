import type {ReactNode} from 'react';
import type {Props} from '@theme/Error';
import ErrorScreen from '@site/src/components/ErrorScreen';

/** A render failure inside the page layout: same screen, with the header and footer around it. */
export default function ErrorPageContent({error, tryAgain}: Props): ReactNode {
  return <ErrorScreen error={error} tryAgain={tryAgain} />;
}
