import { FEATURES } from '../../../domain/plans';
import { Dialog, DialogContent } from '../ui/dialog';
import { closePlanPrompt, type PlanPromptState } from './plan-prompt';
import { UpgradePrompt } from './upgrade-prompt';

export default function PlanPromptDialog({ prompt }: { prompt: PlanPromptState }) {
  return (
    <Dialog open onOpenChange={(open) => !open && closePlanPrompt()}>
      <DialogContent title={prompt.title ?? FEATURES[prompt.feature].label}>
        <UpgradePrompt feature={prompt.feature} title={prompt.title} bare />
      </DialogContent>
    </Dialog>
  );
}
