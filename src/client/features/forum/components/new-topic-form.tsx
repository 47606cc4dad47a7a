import { type FormEvent, useState } from 'react';
import { FORUM_LIMITS, type TForumTopic, ZCreateTopicRequest } from '../../../../domain/forum';
import { Button } from '../../../components/ui/button';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useCreateTopic } from '../api';

/** New Topic (doc 2 §5: non-empty trimmed title and description). */
export function NewTopicForm({
  onCreated,
  onCancel,
}: {
  onCreated: (topic: TForumTopic) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ title?: string; description?: string }>({});
  const create = useCreateTopic();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateTopicRequest.safeParse({ title, description });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'title' | 'description';
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (topic) => {
        setTitle('');
        setDescription('');
        onCreated(topic);
      },
      onError: (error) => {
        if (error instanceof ApiError)
          setErrors({ title: error.fieldErrors.title?.[0], description: error.fieldErrors.description?.[0] });
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to create topic. Please try again.'),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 className="font-semibold text-slate-900">New Topic</h2>
      <Field label="Title" error={errors.title}>
        {(props) => (
          <Input
            {...props}
            value={title}
            maxLength={FORUM_LIMITS.titleMax}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="What would you like to ask?"
          />
        )}
      </Field>
      <Field label="Description" error={errors.description}>
        {(props) => (
          <Textarea
            {...props}
            rows={4}
            value={description}
            maxLength={FORUM_LIMITS.descriptionMax}
            onChange={(e) => setDescription(e.target.value)}
            placeholder="Give other tenants the details"
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" busy={create.isPending}>
          Create Topic
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
