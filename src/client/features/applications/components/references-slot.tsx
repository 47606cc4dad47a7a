// Where an application shows its references (issue 31 item 4): the references feature's panel, to the landlord (who
// may ask for one) and to the tenant (who sees the answer).
import type { ApplicationView } from '../types';

export function ReferencesSlot(_props: { application: ApplicationView; viewer: 'tenant' | 'landlord' }) {
  return null;
}
