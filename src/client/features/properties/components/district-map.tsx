// The small map on a property page: the listing's postcode district as a shaded circle, never a pin on the
// address (issue 12). Its own lazy chunk, like the search map, so Leaflet loads only when the map scrolls near.
import 'leaflet/dist/leaflet.css';
import { Circle, MapContainer, TileLayer } from 'react-leaflet';

/** About the size of an inner-city postcode district; the centre is the district's, nudged per listing. */
export const DISTRICT_RADIUS_METRES = 1200;
export const DISTRICT_ZOOM = 13;
const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export default function DistrictMap({
  centre,
  tileUrl,
}: {
  centre: { lat: number; lng: number };
  tileUrl: string;
}) {
  return (
    <MapContainer
      center={[centre.lat, centre.lng]}
      zoom={DISTRICT_ZOOM}
      minZoom={10}
      maxZoom={15}
      scrollWheelZoom={false}
      className="h-full w-full"
    >
      <TileLayer url={tileUrl} attribution={OSM_ATTRIBUTION} />
      <Circle
        center={[centre.lat, centre.lng]}
        radius={DISTRICT_RADIUS_METRES}
        pathOptions={{ color: '#0f5f5c', weight: 2, fillOpacity: 0.15 }}
      />
    </MapContainer>
  );
}
