-- Issue 28 (docs/decisions/0048-what-an-enquiry-may-ask.md): an enquiry gives a landlord only what they may use
-- before a viewing. Enquiry details stored before this held the number of adults and of children and an
-- employment status. Data only, no schema change: each such row keeps its move-in date and pets, gains the number
-- of people (adults + children, only where the tenant gave both: no figure nobody gave) and loses the adults,
-- children and employment keys. The messages themselves stay (anonymise, don't delete).
UPDATE "messages"
SET "details" = ("details" - 'adults' - 'children' - 'employmentStatus')
  || CASE
       WHEN jsonb_typeof("details" -> 'adults') = 'number' AND jsonb_typeof("details" -> 'children') = 'number'
         THEN jsonb_build_object('occupants',
           (("details" ->> 'adults')::numeric + ("details" ->> 'children')::numeric)::int)
       ELSE '{}'::jsonb
     END
WHERE jsonb_typeof("details") = 'object'
  AND ("details" -> 'adults' IS NOT NULL OR "details" -> 'children' IS NOT NULL
       OR "details" -> 'employmentStatus' IS NOT NULL);
