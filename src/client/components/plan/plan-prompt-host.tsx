// Where showPlanPrompt's dialog appears; the dialog's code loads the first time one opens.
import { lazy, Suspense } from 'react';
import { usePlanPrompt } from './plan-prompt';

const PlanPromptDialog = lazy(() => import('./plan-prompt-dialog'));

export function PlanPromptHost() {
  const prompt = usePlanPrompt();
  if (!prompt) return null;
  return (
    <Suspense fallback={null}>
      <PlanPromptDialog prompt={prompt} />
    </Suspense>
  );
}
