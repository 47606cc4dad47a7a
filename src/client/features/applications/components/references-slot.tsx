// Where an application shows its references (issue 31 item 4): the references feature's panel, to the landlord (who
// may ask the previous landlord the snapshot names) and to the tenant (who reads the answer too).
import { ReferencesPanel } from '../../references/components/references-panel';
import type { ApplicationView } from '../types';

export function ReferencesSlot({
  application,
  viewer,
}: {
  application: ApplicationView;
  viewer: 'tenant' | 'landlord';
}) {
  return <ReferencesPanel applicationId={application.id} role={viewer} />;
}
