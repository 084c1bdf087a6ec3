ALTER TABLE `properties` ADD `model_value` integer;--> statement-breakpoint
ALTER TABLE `properties` ADD `model_share` integer;--> statement-breakpoint
-- A saved lead's "offer" that is only 70 % of its estimated value (the workbench sent it before any valuation) was never chosen: no letter names it.
UPDATE `properties` SET `max_offer` = NULL WHERE `max_offer` IS NOT NULL AND `offer_pdf_filename` IS NULL AND `status` IN ('new', 'analyzed') AND `price` IS NOT NULL AND `max_offer` = CAST(ROUND(`price` / 100.0 * 0.7) AS INTEGER) * 100 AND NOT EXISTS (SELECT 1 FROM `documents` WHERE `documents`.`property_id` = `properties`.`id` AND `documents`.`type` = 'letter_of_intent');
