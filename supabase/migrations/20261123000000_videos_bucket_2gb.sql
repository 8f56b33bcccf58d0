-- Coaching videos of a gigabyte and more upload resumably from the admin dashboard: the videos
-- bucket accepts files up to 2 GiB (the project's global upload limit must allow it too).
update storage.buckets set file_size_limit = 2147483648 where id = 'videos';
