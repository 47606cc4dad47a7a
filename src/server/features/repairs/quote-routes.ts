// Repairs go to trades (issue 32 item 3; decision 0071): suggestions, invitations, quotes and acceptance. Answers
// depend on who asks: never cached. Thin: read the request, call the service.
import { COMPLIANCE_MESSAGES } from '../../../domain/compliance';
import {
  REPAIR_TRADE_MESSAGES,
  ZBookingQuery,
  ZBookingSuggestions,
  ZInviteTrades,
  ZRepairQuoteCreated,
  ZSubmitRepairQuote,
  ZTradeSuggestionQuery,
  ZTradeSuggestions,
  ZTradesInvited,
} from '../../../domain/repair-trades';
import { REPAIR_MESSAGES, ZRepairView } from '../../../domain/repairs';
import { type RoutesPlugin, uuidParams } from '../../lib/contract';
import { actorOf, SIGNED_IN_ROUTE } from '../../plugins/request-kit';
import { acceptQuote, inviteTrades, submitQuote, suggestBookingTrades, suggestTrades } from './quotes';

const tags = ['repairs'];

const repairQuotesRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const params = uuidParams({ id: REPAIR_MESSAGES.notFound });

  const suggestions = {
    summary:
      "Trades to ask for a quote (the repair's landlord): live trades whose specialty suits the repair and who serve the home's area, nearest first, then verified, then rating; with q, any live trade by name or service.",
    tags,
    params,
    querystring: ZTradeSuggestionQuery,
    response: { 200: ZTradeSuggestions },
  };
  app.get(
    '/api/repairs/:id/trade-suggestions',
    { ...SIGNED_IN_ROUTE, schema: suggestions },
    async (request) => suggestTrades(ctx, actorOf(request), request.params.id, request.query),
  );

  const invite = {
    summary:
      'Ask up to three live trades in all to quote for the repair (the landlord): each becomes a lead tied to it and is emailed.',
    tags,
    params,
    body: ZInviteTrades,
    response: { 201: ZTradesInvited },
  };
  app.post(
    '/api/repairs/:id/quote-requests',
    { ...SIGNED_IN_ROUTE, schema: invite },
    async (request, reply) =>
      reply.status(201).send(await inviteTrades(ctx, actorOf(request), request.params.id, request.body)),
  );

  const quote = {
    summary:
      'Quote for the repair (a trade asked to): {amount in pounds, earliestVisit, note}; one quote per invitation. The landlord is emailed.',
    tags,
    params,
    body: ZSubmitRepairQuote,
    response: { 201: ZRepairQuoteCreated },
  };
  app.post('/api/repairs/:id/quotes', { ...SIGNED_IN_ROUTE, schema: quote }, async (request, reply) =>
    reply.status(201).send(await submitQuote(ctx, actorOf(request), request.params.id, request.body)),
  );

  const accept = {
    summary:
      'Accept one open quote (the landlord): the others are declined, the trades and the tenants are told. Once only.',
    tags,
    params: uuidParams({ id: REPAIR_MESSAGES.notFound, quoteId: REPAIR_TRADE_MESSAGES.quoteNotFound }),
    response: { 200: ZRepairView },
  };
  app.post(
    '/api/repairs/:id/quotes/:quoteId/accept',
    { ...SIGNED_IN_ROUTE, schema: accept },
    async (request) => acceptQuote(ctx, actorOf(request), request.params.id, request.params.quoteId),
  );

  const booking = {
    summary:
      "Trades to book a compliance check with (the home's landlord): live trades of the check's trade serving the home, nearest first, and the quote request's words (an ordinary quote request).",
    tags: ['compliance'],
    params: uuidParams({ id: COMPLIANCE_MESSAGES.notFound }),
    querystring: ZBookingQuery,
    response: { 200: ZBookingSuggestions },
  };
  app.get('/api/properties/:id/trade-suggestions', { ...SIGNED_IN_ROUTE, schema: booking }, async (request) =>
    suggestBookingTrades(ctx, actorOf(request), request.params.id, request.query),
  );
};

export default repairQuotesRoutes;
