// /forum (doc 2 "Tenant forum"): topics and a New Topic form on the left, the selected thread on the right.
// On small screens the thread replaces the list, with a Back button. Premium tenants only (the API is the gate).
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TForumTopic } from '../../../../domain/forum';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/feedback';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { useTopics } from '../api';
import { NewTopicForm } from '../components/new-topic-form';
import { PremiumRequired } from '../components/premium-required';
import { TopicList } from '../components/topic-list';
import { TopicThread } from '../components/topic-thread';

export default function ForumPage() {
  const auth = useRequiredUser('/forum');
  const topics = useTopics(auth.isPremiumTenant);
  const [params, setParams] = useSearchParams();
  const [composing, setComposing] = useState(false);
  const selected = params.get('topic');

  if (auth.isLoading || !auth.user) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10">
        <Spinner label="Loading the forum" />
      </div>
    );
  }

  // The server decides: premium can end during a visit (403 from the API).
  const refused = topics.error instanceof ApiError && topics.error.status === 403;
  if (!auth.isPremiumTenant || refused) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-16">
        <h1 className="mb-6 text-center text-3xl font-bold tracking-tight text-slate-900">Tenant Forum</h1>
        <PremiumRequired />
      </div>
    );
  }

  const select = (topic: TForumTopic | null) => {
    const next = new URLSearchParams(params);
    if (topic) next.set('topic', topic.id);
    else next.delete('topic');
    setParams(next);
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Tenant Forum</h1>
          <p className="mt-1 text-slate-600">
            Ask other renters, share what you know. Be kind and keep it useful.
          </p>
        </div>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <aside className={cn('space-y-4', selected && 'hidden lg:block')} aria-label="Forum topics">
          {composing ? (
            <NewTopicForm
              onCancel={() => setComposing(false)}
              onCreated={(topic) => {
                setComposing(false);
                toast({ title: 'Topic Created', description: 'Your topic is live in the forum.' });
                select(topic);
              }}
            />
          ) : (
            <Button className="w-full" onClick={() => setComposing(true)}>
              <Plus className="h-4 w-4" aria-hidden /> New Topic
            </Button>
          )}
          <TopicList topics={topics} selectedId={selected} onSelect={select} />
        </aside>
        <div className={cn(!selected && 'hidden lg:block')}>
          {selected ? (
            <TopicThread key={selected} topicId={selected} onBack={() => select(null)} />
          ) : (
            <div className="flex h-[600px] items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
              Choose a topic to read the conversation, or start a new one.
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
