// For contractors on /profile: the way to their business profile, which has its own page and goes through review.
import { Briefcase } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

export function BusinessProfileLinkCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Briefcase className="h-5 w-5 text-primary-700" aria-hidden />
          Business Profile
        </CardTitle>
        <CardDescription>
          Your trade, services, areas and portfolio in the contractor directory.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ButtonLink to="/contractor-profile" variant="outline" className="w-full">
          Edit business profile
        </ButtonLink>
      </CardContent>
    </Card>
  );
}
