// Contact (doc 2 "Contact (/contact)", §8): the form checked by the same schema as the server, support
// details and hours, the 24-hour promise and an FAQ.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, ChevronDown, Clock, Mail, MapPin, Send } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ZContactRequest } from '../../../../domain/accounts';
import { BRAND_NAME, PLANS, SUPPORT_HOURS } from '../../../../domain/constants';
import { formatPence } from '../../../../domain/money';
import { Button } from '../../../components/ui/button';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { ApiError, apiRequest, errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { RESPONSE_PROMISE, SUPPORT_EMAIL, useCompanyFacts } from '../data/company';

type ContactInput = z.input<typeof ZContactRequest>;
type ContactRequest = z.output<typeof ZContactRequest>;
interface ContactResponse {
  success: boolean;
  message: string;
}

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

export default function ContactPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Contact us</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">
        Questions about a home, your listing, your subscription or your account? Send us a message.{' '}
        {RESPONSE_PROMISE}
      </p>
      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ContactForm />
        <SupportDetails />
      </div>
      <Faq />
    </div>
  );
}

function ContactForm() {
  const { user } = useAuth();
  const successHeading = useRef<HTMLHeadingElement>(null);
  const form = useForm<ContactInput, unknown, ContactRequest>({
    resolver: zodResolver(ZContactRequest),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const { register, handleSubmit, formState, setError, setValue, getValues, reset } = form;

  // Signed-in people need not type their own name and email.
  useEffect(() => {
    if (!user) return;
    if (!getValues('name')) setValue('name', `${user.firstName} ${user.lastName}`.trim());
    if (!getValues('email')) setValue('email', user.email);
  }, [user, getValues, setValue]);

  const send = useMutation({
    mutationFn: (values: ContactRequest) => apiRequest<ContactResponse>('POST', '/api/contact', values),
    onError: (error) => {
      // What was typed stays in the form; field problems show beside their fields.
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const message = error.fieldErrors[field]?.[0];
          if (message) setError(field, { message });
        }
      }
      toast({
        title: 'Message not sent',
        description: errorMessage(error, 'Failed to send message. Please try again.'),
        variant: 'destructive',
      });
    },
  });

  useEffect(() => {
    if (send.isSuccess) successHeading.current?.focus();
  }, [send.isSuccess]);

  if (send.isSuccess) {
    return (
      <section
        aria-labelledby="contact-sent"
        className="rounded-xl border border-green-300 bg-green-50 p-6 sm:p-8"
      >
        <CheckCircle2 className="h-10 w-10 text-green-700" aria-hidden />
        <h2
          id="contact-sent"
          ref={successHeading}
          tabIndex={-1}
          className="mt-3 text-xl font-semibold text-green-900 outline-none"
        >
          Message sent — we'll reply within 24 hours
        </h2>
        <p className="mt-2 text-green-900">{send.data.message}</p>
        <Button
          variant="outline"
          className="mt-6"
          onClick={() => {
            reset({ name: getValues('name'), email: getValues('email'), subject: '', message: '' });
            send.reset();
          }}
        >
          Send another message
        </Button>
      </section>
    );
  }

  const errors = formState.errors;
  return (
    <section
      aria-labelledby="contact-form-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
        Send us a message
      </h2>
      <p className="mt-1 text-sm text-slate-600">All fields are required.</p>
      <form
        noValidate
        onSubmit={handleSubmit((values) => send.mutate(values))}
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <Field label="Name" error={errors.name?.message}>
          {(props) => <Input {...props} {...register('name')} autoComplete="name" aria-required />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(props) => (
            <Input {...props} {...register('email')} type="email" autoComplete="email" aria-required />
          )}
        </Field>
        <Field label="Subject" error={errors.subject?.message} className="sm:col-span-2">
          {(props) => <Input {...props} {...register('subject')} aria-required />}
        </Field>
        <Field label="Message" error={errors.message?.message} className="sm:col-span-2">
          {(props) => <Textarea {...props} {...register('message')} rows={6} aria-required />}
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" busy={send.isPending} className="w-full sm:w-auto">
            {!send.isPending && <Send className="h-4 w-4" aria-hidden />}
            {send.isPending ? 'Sending…' : 'Send Message'}
          </Button>
        </div>
      </form>
    </section>
  );
}

function SupportDetails() {
  const company = useCompanyFacts();
  return (
    <aside aria-labelledby="support-title" className="space-y-6">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="support-title" className="text-xl font-semibold text-slate-900">
          Support details
        </h2>
        <ul className="mt-4 space-y-4 text-slate-700">
          <li className="flex gap-3">
            <Mail className="mt-0.5 h-5 w-5 shrink-0 text-primary-700" aria-hidden />
            <span>
              <span className="block font-medium text-slate-900">Email</span>
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="break-all text-primary-700 underline underline-offset-4"
              >
                {SUPPORT_EMAIL}
              </a>
            </span>
          </li>
          {company.address && (
            <li className="flex gap-3">
              <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-primary-700" aria-hidden />
              <span>
                <span className="block font-medium text-slate-900">Address</span>
                {company.address}
              </span>
            </li>
          )}
          <li className="flex gap-3">
            <Clock className="mt-0.5 h-5 w-5 shrink-0 text-primary-700" aria-hidden />
            <span>
              <span className="block font-medium text-slate-900">Support hours</span>
              <dl className="mt-1 space-y-1">
                {SUPPORT_HOURS.map((slot) => (
                  <div key={slot.days} className="flex flex-wrap gap-x-2">
                    <dt>{slot.days}:</dt>
                    <dd>{slot.hours}</dd>
                  </div>
                ))}
                <div className="flex flex-wrap gap-x-2">
                  <dt>Sunday and bank holidays:</dt>
                  <dd>closed</dd>
                </div>
              </dl>
            </span>
          </li>
        </ul>
      </div>
      <div className="rounded-xl border border-primary-200 bg-primary-50 p-6">
        <p className="font-semibold text-primary-900">Our 24-hour promise</p>
        <p className="mt-1 text-primary-900">
          {RESPONSE_PROMISE} Messages sent outside support hours are answered first thing the next working
          day.
        </p>
      </div>
    </aside>
  );
}

const FAQ: Array<{ question: string; answer: ReactNode }> = [
  {
    question: `How much does ${BRAND_NAME} cost?`,
    answer: (
      <>
        Searching homes is free for tenants. {PLANS.tenant.name} is {formatPence(PLANS.tenant.pricePence)} a
        month, landlords pay {formatPence(PLANS.landlord.pricePence)} a month and contractors{' '}
        {formatPence(PLANS.contractor.pricePence)} a month. Prices include VAT, with no setup fee and no
        commission.
      </>
    ),
  },
  {
    question: 'How do I cancel my subscription?',
    answer: (
      <>
        Cancel any time from <Link to="/settings#billing">Settings → Billing</Link>: one button and one
        confirmation. Within 14 days of the start, your plan ends at once and we refund the days you have not
        used; after that you keep your paid features until the end of the month you have paid for.
      </>
    ),
  },
  {
    question: 'When will my property listing go live?',
    answer:
      'Every listing is reviewed by our team before it is published, to keep scams and misleading adverts off the site. We email you as soon as it is approved.',
  },
  {
    question: 'Are the contractors vetted?',
    answer:
      'Yes. We check every contractor profile before it goes live, and tenants and landlords can leave reviews after work is done.',
  },
  {
    question: 'I have forgotten my password or username. What do I do?',
    answer: (
      <>
        Use <Link to="/forgot-password">reset your password</Link> or{' '}
        <Link to="/forgot-username">get a username reminder</Link>; we will email you a link.
      </>
    ),
  },
  {
    question: 'How do I delete my account?',
    answer: (
      <>
        Go to <Link to="/settings">settings</Link> and choose Delete Account. Deleting is permanent and
        separate from cancelling a subscription; it also ends any subscription you have.
      </>
    ),
  },
  {
    question: 'Do you charge tenants fees?',
    answer:
      'No. Tenants never pay us anything to search or enquire, and landlords on our site must not charge fees that the Tenant Fees Act 2019 prohibits.',
  },
  {
    question: 'How do you use my data?',
    answer: (
      <>
        Only to run the service. We use a single sign-in cookie and no tracking cookies. Read our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link> for the details.
      </>
    ),
  },
];

function Faq() {
  return (
    <section aria-labelledby="faq-title" className="mt-16">
      <h2 id="faq-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Frequently asked questions
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {FAQ.map((item) => (
          <details key={item.question} className="group px-5 py-1">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDown
                className="h-5 w-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <div className="pb-4 text-slate-700 [&_a]:text-primary-700 [&_a]:underline">{item.answer}</div>
          </details>
        ))}
      </div>
    </section>
  );
}
