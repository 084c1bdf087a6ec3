ALTER TABLE `buyer_emails` ADD `claimed_at` integer;--> statement-breakpoint
-- Rows a blast was sending before claims were dated: their claim counts from their last change.
UPDATE `buyer_emails` SET `claimed_at` = `updated_at` WHERE `status` = 'sending';
