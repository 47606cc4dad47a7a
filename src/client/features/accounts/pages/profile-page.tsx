// /profile (doc 2 "Profile"): photo, personal information and account information of the signed-in user.
import { BusinessProfileLinkCard } from '../../contractors/components/business-profile-link-card';
import { AccountInfoCard } from '../components/account-info-card';
import { AccountPageSkeleton } from '../components/page-skeleton';
import { PersonalInfoCard } from '../components/personal-info-card';
import { ProfilePhotoCard } from '../components/profile-photo-card';
import { useRequiredUser } from '../hooks/use-required-user';

export default function ProfilePage() {
  const { user } = useRequiredUser('/profile');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Profile Settings</h1>
      <p className="mt-1 text-slate-600">Manage your photo and the details other people see.</p>
      {user ? (
        <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="space-y-6">
            <ProfilePhotoCard user={user} />
            <AccountInfoCard user={user} />
            {user.userType === 'contractor' && <BusinessProfileLinkCard />}
          </div>
          <div className="lg:col-span-2">
            <PersonalInfoCard key={user.id} user={user} />
          </div>
        </div>
      ) : (
        <AccountPageSkeleton />
      )}
    </div>
  );
}
