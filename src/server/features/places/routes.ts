// GET /api/places?q=ips: the UK places a place box suggests as someone types (issue 17): post towns, postcode
// areas by name and districts from the postcode data. The contractor directory and profile form use it; what it
// suggests is what the server accepts as a service area (../contractors/areas.ts).
import {
  PLACE_SUGGESTIONS,
  type TPlaceSuggestions,
  ZPlaceSuggestions,
  ZPlaceSuggestQuery,
} from '../../../domain/places';
import { suggestPlaces } from '../../geo/place-suggestions';
import type { RoutesPlugin } from '../../lib/contract';

const schema = {
  summary: 'UK places (post towns, postcode areas by name, districts) matching what someone has typed.',
  tags: ['places'],
  querystring: ZPlaceSuggestQuery,
  response: { 200: ZPlaceSuggestions },
};

const placesRoutes: RoutesPlugin = async (app) => {
  app.get('/api/places', { schema }, async (request, reply) => {
    const body: TPlaceSuggestions = { places: suggestPlaces(request.query.q, PLACE_SUGGESTIONS) };
    // The postcode data changes only with a release: the same for everyone, for a day.
    return reply.header('cache-control', 'public, max-age=86400').send(body);
  });
};

export default placesRoutes;
