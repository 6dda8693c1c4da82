// Server calls of the Users screen (spec part 2, section 7 'Users').
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { LicenseDto } from "@/domain/schemas/licenses";
import type { CreateUserRequest, UpdateUserRequest, UserDto } from "@/domain/schemas/users";

export const userKeys = {
  all: ["/api/users"] as const,
  licenses: (id: number) => [`/api/users/${id}/licenses`] as const,
};

export function useUsers(enabled = true) {
  return useQuery({
    queryKey: userKeys.all,
    queryFn: ({ signal }) => api.get<UserDto[]>("/api/users", { signal }),
    enabled,
  });
}

export function useUserLicenses(userId: number, enabled = true) {
  return useQuery({
    queryKey: userKeys.licenses(userId),
    queryFn: ({ signal }) => api.get<LicenseDto[]>(`/api/users/${userId}/licenses`, { signal }),
    enabled,
    retry: false,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserRequest) => api.post<UserDto>("/api/users", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateUserRequest }) =>
      api.patch<UserDto>(`/api/users/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/users/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
