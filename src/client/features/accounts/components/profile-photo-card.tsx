// Profile → photo (doc 2 "Profile"; §5 photo rules; §8 messages). Uploads need an active subscription:
// the notice explains it, the button is disabled, and the server refuses (403) regardless.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera, Crown, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import type { TCurrentUser } from '../../../../domain/accounts';
import { PROFILE_PHOTO_MAX_BYTES } from '../../../../domain/constants';
import { UserAvatar } from '../../../components/ui/avatar';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { apiRequest, apiUpload, errorMessage } from '../../../lib/api';
import { CURRENT_USER_KEY } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { statusOf } from '../form-errors';

const PROCESS_FAILED = 'Failed to process the image. Please try again.';

export function ProfilePhotoCard({ user }: { user: TCurrentUser }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const canUpload = user.isPremium;

  const setPhoto = (profileImageUrl: string | null) => {
    queryClient.setQueryData<TCurrentUser | null>(CURRENT_USER_KEY, (current) =>
      current ? { ...current, profileImageUrl } : current,
    );
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };

  const upload = useMutation({
    mutationFn: (file: File) =>
      apiUpload<{ profileImageUrl: string }>('/api/profile/photo', 'photo', file, file.name),
    onSuccess: (reply) => {
      setPhoto(reply.profileImageUrl);
      toast({ title: 'Photo Updated', description: 'Your new profile photo is saved.' });
    },
    onError: (error) => {
      const status = statusOf(error);
      if (status === 413) {
        toast({
          title: 'File Too Large',
          description: errorMessage(error, 'Please choose an image under 5MB.'),
          variant: 'destructive',
        });
      } else if (status === 415) {
        toast({
          title: 'Invalid file type',
          description: 'Please select an image file (JPG, PNG, GIF).',
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Upload failed',
          description: errorMessage(error, PROCESS_FAILED),
          variant: 'destructive',
        });
      }
    },
  });

  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/profile/photo'),
    onSuccess: () => {
      setPhoto(null);
      toast({ title: 'Photo Removed', description: 'Your profile now shows your initials.' });
    },
    onError: (error) =>
      toast({
        title: 'Update Failed',
        description: errorMessage(error, 'Unable to remove the photo. Please try again.'),
        variant: 'destructive',
      }),
  });

  const onFileChosen = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again must fire another change
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({
        title: 'Invalid file type',
        description: 'Please select an image file (JPG, PNG, GIF).',
        variant: 'destructive',
      });
      return;
    }
    if (file.size > PROFILE_PHOTO_MAX_BYTES) {
      toast({
        title: 'File Too Large',
        description: 'Please choose an image under 5MB.',
        variant: 'destructive',
      });
      return;
    }
    upload.mutate(file);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Photo</CardTitle>
        <CardDescription>Shown next to your name across Your Place.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4 text-center">
        <UserAvatar
          firstName={user.firstName}
          lastName={user.lastName}
          imageUrl={user.profileImageUrl}
          className="h-24 w-24 text-2xl"
        />
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="hidden"
          tabIndex={-1}
          aria-label="Profile photo file"
          onChange={onFileChosen}
        />
        <div className="flex flex-wrap justify-center gap-2">
          <Button
            variant="outline"
            disabled={!canUpload}
            busy={upload.isPending}
            onClick={() => fileInput.current?.click()}
            aria-describedby="photo-hint"
          >
            {!upload.isPending && <Camera className="h-4 w-4" aria-hidden />}
            {upload.isPending ? 'Uploading...' : 'Upload Photo'}
          </Button>
          {user.profileImageUrl && (
            <Button variant="ghost" busy={remove.isPending} onClick={() => remove.mutate()}>
              {!remove.isPending && <Trash2 className="h-4 w-4" aria-hidden />}
              Remove
            </Button>
          )}
        </div>
        <p id="photo-hint" className="text-xs text-slate-600">
          JPG, PNG or GIF. Max size 5MB.
        </p>
        {!canUpload && (
          <div className="w-full rounded-lg border border-amber-300 bg-amber-50 p-4 text-left text-sm text-amber-900">
            <p className="flex items-center gap-2 font-semibold">
              <Crown className="h-4 w-4" aria-hidden /> Photo uploads require an active subscription
            </p>
            <p className="mt-1">Subscribe to add a photo; until then your initials are shown.</p>
            <ButtonLink to="/subscribe" variant="primary" size="sm" className="mt-3">
              Upgrade Account
            </ButtonLink>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
