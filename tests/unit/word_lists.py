"""Everyday English words, grouped by topic, that a question to the assistant may hold without being about
the machine: the assistant's spelling repair must leave them as they are (``benchmarks/word_repair.py``
measures it, ``test_assistant_word_repair.py`` pins it). The typos it must still repair are in
``word_typos.py``. The groups of things, places and qualities are in ``word_lists_things.py``.

Written by hand by topic rather than taken from the vocabulary, so the list does not lean towards the
words the repair already knows; words that are themselves topic words ("power", "line", "free") are
dropped by the measurement, as reading them is no repair.
"""

from __future__ import annotations

from word_lists_things import THINGS_GROUPS

# People's days: family, school, sports, food, office, travel, feelings, time and verbs
DAYS_GROUPS: dict[str, str] = {
    "family": """
        family families mother father parent parents mom mum dad daddy mommy brother brothers sister sisters
        son sons daughter daughters child children kid kids baby babies uncle aunt auntie cousin cousins
        nephew niece grandma grandpa grandmother grandfather grandparents grandson granddaughter husband wife
        wives spouse partner partners fiance fiancee wedding marriage married divorce divorced relative
        relatives sibling siblings twin twins family's household home homes house houses neighbor neighbour
        neighbors neighbours friend friends friendship buddy buddies pal mate mates roommate girlfriend
        boyfriend birthday birthdays anniversary funeral christening reunion relatives orphan adopted
        stepmother stepfather stepson stepdaughter inlaws nanny babysitter pregnant pregnancy toddler teen
        teenager teenagers adult adults elderly ancestor ancestors generation generations heir
    """,
    "school": """
        school schools schooling student students teacher teachers class classes classroom lesson lessons
        homework exam exams test tests quiz quizzes grade grades mark marks course courses college university
        campus lecture lectures professor tutor tutoring semester term terms essay essays thesis degree
        diploma graduate graduation kindergarten pupil pupils principal library libraries textbook textbooks
        notebook notebooks pencil pencils pen pens eraser ruler chalk blackboard whiteboard desk desks
        backpack recess lunchtime study studying studies studied learn learning learned learnt teach teaching
        taught reading writing spelling grammar math maths mathematics science physics chemistry biology
        history geography literature poetry language languages english french spanish german latin music art
        drawing painting subject subjects syllabus curriculum assignment assignments project projects
        research paper papers scholarship tuition dorm dormitory alumni faculty dean admission enrol enroll
        enrolled lecture seminar tutorial workshop diploma certificate academy institute training trainee
        apprentice internship intern
    """,
    "sports": """
        sport sports game games match matches team teams player players coach coaches score scores scored
        goal goals ball balls football soccer basketball baseball tennis golf hockey cricket rugby volleyball
        swimming swim swimmer running runner race races racing marathon cycling bike bikes bicycle skiing ski
        skate skating surfing boxing wrestling karate judo yoga gym workout fitness exercise exercises
        training stadium field court pitch referee umpire fan fans league season champion champions
        championship tournament trophy medal medals olympics winner winners loser win wins won lose loses
        losing defeat victory draw tie penalty foul kick kicks throw throws catch catches pass passes shot
        shots serve dribble tackle sprint jog jogging hike hiking climb climbing chess poker cards bowling
        darts billiards pool snooker fishing hunting sailing rowing canoe kayak jersey helmet racket bat
        glove gloves net nets whistle halftime overtime playoff playoffs derby
    """,
    "food": """
        food foods meal meals breakfast lunch dinner supper brunch snack snacks dessert desserts bread butter
        cheese milk cream yogurt egg eggs bacon ham sausage chicken beef pork lamb fish salmon tuna shrimp
        rice pasta noodles pizza burger burgers sandwich sandwiches salad soup stew sauce ketchup mustard mayo
        salt pepper sugar honey jam flour oil vinegar garlic onion onions potato potatoes tomato tomatoes
        carrot carrots lettuce cabbage broccoli spinach beans peas corn mushroom mushrooms apple apples banana
        bananas orange oranges lemon lemons lime grape grapes strawberry strawberries cherry cherries peach
        pear plum melon watermelon pineapple mango coconut nut nuts peanut almond chocolate candy cookie
        cookies cake cakes pie pies muffin donut doughnut pancake pancakes waffle cereal oatmeal toast coffee
        tea juice water soda beer wine whiskey vodka cocktail drink drinks drinking eat eating ate eaten cook
        cooking cooked bake baking baked fry fried grill grilled roast roasted boil boiled recipe recipes
        kitchen oven stove fridge freezer microwave plate plates bowl bowls cup cups mug glass spoon fork
        knife knives napkin menu restaurant cafe bakery chef waiter waitress tip bill hungry thirsty delicious
        tasty spicy sweet sour bitter salty fresh frozen raw ripe vegan vegetarian diet calories protein
        vitamin flavour flavor taste tastes chili curry sushi taco tacos burrito kebab dumpling dumplings
        popcorn chips fries crisps pretzel bagel croissant biscuit biscuits
    """,
    "office": """
        office offices desk meeting meetings agenda minutes memo email emails mail letter letters phone phones
        call calls calendar schedule schedules appointment deadline deadlines boss manager managers employee
        employees colleague colleagues coworker coworkers staff team department departments company companies
        business businesses client clients customer customers contract contracts invoice invoices budget
        budgets salary salaries wage wages payroll promotion interview interviews resume hire hired hiring
        fire fired resign resigned retire retired retirement career careers job jobs profession professional
        presentation presentations slide slides spreadsheet document documents file files folder folders
        printer printers copier scanner stapler paperclip envelope stamp stamps signature sign signed policy
        policies procedure procedures strategy goal goals target targets revenue profit profits loss sales
        marketing finance accounting legal lawyer lawyers audit audits review reviews feedback approval
        approve approved proposal proposals quarterly annual yearly monthly weekly daily sync standup
        offsite onsite remote hybrid commute commuting shift shifts overtime vacation holiday holidays leave
        sick benefits insurance pension bonus bonuses raise raised negotiate deal deals partner partnership
        vendor vendors supplier suppliers warehouse inventory stock shipment shipments delivery deliveries
        order orders purchase purchases receipt receipts expense expenses reimbursement headquarters branch
        lobby reception receptionist elevator cubicle conference boardroom whiteboard brainstorm
    """,
    "travel": """
        travel travels traveling travelling trip trips journey journeys vacation holiday tour tours tourist
        tourists flight flights airport airports plane planes airline airlines ticket tickets boarding gate
        passport visa luggage baggage suitcase suitcases bag bags hotel hotels motel hostel booking bookings
        reservation reservations room rooms suite lobby checkin checkout train trains station stations
        railway subway metro bus buses taxi taxis cab car cars rental drive driving driver road roads highway
        motorway street streets avenue map maps route routes direction directions north south east west left
        right straight corner bridge tunnel border customs country countries city cities town towns village
        villages capital beach beaches island islands mountain mountains lake lakes river rivers ocean sea
        coast forest desert park parks museum museums castle church temple cathedral monument statue
        souvenir souvenirs guide guidebook camera photo photos picture pictures postcard sightseeing cruise
        ship ferry boat port harbor harbour arrival arrivals departure departures delay delayed delays
        cancellation abroad overseas foreign local nearby distance miles kilometers kilometres abroad
        backpacking camping tent hike scenic view views sunset sunrise
    """,
    "emotions": """
        happy happier happiest happiness sad sadder saddest sadness angry anger mad upset glad joy joyful
        cheerful excited exciting excitement bored boring boredom tired tiredness sleepy lonely alone afraid
        scared fear fears frightened nervous anxious anxiety worried worry worries calm relaxed stressed
        stress proud pride ashamed shame guilty guilt jealous envy hope hopes hopeful hopeless love loved
        loving lovely hate hated hates like liked dislike enjoy enjoyed fun funny laugh laughed laughing smile
        smiled smiling cry cried crying tears grateful thankful sorry regret regrets surprised surprise
        shocked confused confusing curious interested interesting amazed amazing awesome wonderful terrible
        horrible awful great good bad better worse best worst fine nice kind kindness gentle rude polite
        patient impatient brave courage confident confidence shy embarrassed emotional feeling feelings feel
        feels felt mood moods mind minds heart hearts soul spirit pleasure pain hurt hurts upset annoyed
        annoying irritated frustrated frustration disappointed disappointment satisfied content relieved
        relief peaceful grief sorrow miserable depressed cheerful optimistic pessimistic thrilled delighted
        sympathy empathy trust betrayed lonely nostalgic homesick dear darling sweetheart
    """,
    "time": """
        time times timing moment moments second seconds minute hour hours day days daily week weeks weekly
        weekend weekends month months monthly year years yearly annual annually decade decades century
        centuries morning mornings afternoon afternoons evening evenings night nights nightly tonight today
        tomorrow yesterday dawn dusk noon midnight sunrise sunset early earlier earliest late later latest
        lately soon sooner recently recent now then when while until since before after during ago always
        never often sometimes usually rarely seldom occasionally frequently hourly biweekly fortnight
        fortnightly quarter quarterly semester season seasons spring summer autumn fall winter monday tuesday
        wednesday thursday friday saturday sunday january february march april may june july august september
        october november december calendar date dates deadline schedule clock clocks watch watches alarm
        timer timezone anniversary birthday holiday holidays weekday weekdays overnight someday sometime
        meanwhile forever eventually immediately instantly already still yet again once twice
    """,
    "verbs": """
        be is are was were been being have has had having do does did doing done go goes went gone going get
        gets got gotten getting make makes made making take takes took taken taking come comes came coming see
        sees saw seen seeing know knows knew known think thinks thought look looks looked looking want wants
        wanted give gives gave given use uses used using find finds found tell tells told ask asks asked
        asking work works worked seem seems seemed feel try tries tried leave leaves left call calls called
        need needs needed keep keeps kept let lets begin begins began begun start starts started show shows
        showed shown hear hears heard play plays played move moves moved live lives lived believe believes
        bring brings brought happen happens write writes wrote written provide sit sits sat stand stands
        stood lose lost pay pays paid meet meets met include includes included continue set sets learn
        change changes changed lead leads led understand understood watch watched follow follows followed
        stop stops stopped create created speak speaks spoke spoken read reads allow allowed add adds added
        spend spends spent grow grows grew grown open opens opened walk walks walked win offer offered
        remember remembered love consider considered appear appeared buy buys bought wait waited serve
        served send sends sent expect expected build builds built stay stayed fall falls fell fallen cut cuts
        reach reached kill remain remained suggest suggested raise raised pass passed sell sells sold
        require required report decide decided pull pulled break breaks broke broken explain explained hope
        develop developed carry carried drive drove drink drank eat ate sleep slept wake woke wear wore
        choose chose chosen forget forgot forgotten forgive fix fixed clean cleaned wash washed cook paint
        painted sing sang sung dance danced jump jumped swim swam fly flew flown climb push pushed shout
        whisper laugh smile cry hug kiss wave point pointed count counted measure measured fill filled empty
        emptied pour poured mix mixed stir shake shook hold holds held drop throw catch hit hits kick bite
        bit chew swallow breathe cough sneeze blink wink nod borrow lend lent rent share shared steal stole
        hide hid seek sought search searched check checked compare explore visit visited return returned
        arrive arrived depart travel plan planned prepare prepared organize organise arrange arranged
        attend attended join joined invite invited celebrate celebrated congratulate thank apologize
        apologise promise promised agree agreed disagree argue argued discuss discussed mention mentioned
        describe described introduce introduced imagine imagined wonder wondered guess guessed suppose
        mean means meant matter matters mind minded care cared worry bother bothered hurry hurried rush
        rushed relax rest rested enjoy prefer preferred hate wish wished dream dreamed dreamt sneak sneaked
        knock knocked ring rang rung shine shone glow melt melted freeze froze burn burned burnt boil cool
        cooled warm warmed heat heated dry dried wet soak soaked fold folded pack packed unpack wrap wrapped
        tie tied untie lock locked unlock hang hung lift lifted lower lowered
    """,
}
GROUPS: dict[str, str] = DAYS_GROUPS | THINGS_GROUPS


def common_words() -> list[str]:
    """Every word of :data:`GROUPS` once, letters only, in the order written."""
    seen: dict[str, None] = {}
    for text in GROUPS.values():
        for w in text.split():
            if w.isalpha():
                seen.setdefault(w.lower(), None)
    return list(seen)


# Everyday words written after the repair's rules and kept words were chosen from GROUPS, so how many of
# them it misreads estimates how it does on words nobody measured (benchmarks/word_repair.py reports it).
FRESH = """
    accent acid acre actor adapt admire adopt adore advert aerial affair afford agent aisle alarm album
    alert alien alley allow alloy alpine amber ankle annoy anthem antique anvil apron arcade archer arena
    armor aroma arrow ascend ashes aspect asset atlas attic auction audio aunt avenue avocado award axis
    bacon badge bait balcony ballet bamboo banner barn barrel basin batch beacon beard beast beaver bench
    berry bias bible bishop blade blank blanket blast blaze bleach blend bless blind blink bliss blond
    bloom blossom blouse blues blunt blur blush boast bolt bonus boost booth border bottom bounce bounty
    bowl brain brass bravo breeze brick bride brief broom brush bubble bucket buckle budget buffalo bulb
    bulk bull bunch bundle bunny burden burst bush butter buzz cabin cable cactus cage camel canal candy
    cannon canvas canyon cape captain carbon career cargo carpet carrot carve castle cattle cause cave
    cedar cellar cello chalk chamber champ chant chapel chapter charity cheek chess chimney chorus cigar
    cinnamon civic claim clam clamp claw clever client climb cloak clover coal cobalt cobra cocoa comet
    comma compass copper cord cork cottage couch coupon cradle crater crayon creek crest crib cricket
    crook crow crumble cuff cupcake curb curl cyclone dairy daisy dart dean debris decay deck decoy delta
    denim dense desk detour dial diamond diaper dime diner dip disc ditch dive dock dome dough drain
    drape dread drift drizzle drone drown drowsy dual duel dusk dwell eagle easel ebony eclipse edible
    eel elbow elk elm ember emblem empire enamel envy epic equator errand essay ethnic evening exile
    fable fairy falcon fang fare fasten feast feather fence ferry festive fiber fig filth finch fist flair
    flake flannel flask flea fleet flint flock flute foam folk forge fort fountain fowl frail freckle
    fudge fumble fungus funnel fur gala gallon gamble garland gasp gauze gear gem gentle germ geyser gild
    gin glacier gland glaze glint gloss gnome goblin goose gospel gourd grab gravel gravy grease greed
    grill grin grip groan grocer groom groove grove growl gulf gum gust gutter hail halo halt hammock
    hare harp hatch haunt hay hazel heel helm herb herd hermit hinge hippo hive hoax hobby hoof hook hoop
    hornet hose hound hut hymn igloo inch ink inn iris ivy jade jail jaw jeep jelly jest jet jockey jolly
    jug juggle jury keel kettle kidnap kiln knack knob knot label lace lad lagoon lamb lance lantern lap
    lark lasso latch lava lawn leak ledge leech lemur lid lilac limp linen liver llama lobby locust lodge
    loft lotus lumber lure lute lynx mace magpie mallet mantle maple marsh mascot mast mat mayor maze
    meadow mellow mend merit mesa mica mint mitten moat mold mole monk moose mop moth muffle mural mustard
    myth nectar needle nickel nimble noble nook notch nozzle nugget nun nutmeg oar oasis oath ogre olive
    omen onyx opal orchid otter ounce owl ox paddle pail palm pamphlet pansy pantry parcel parsley
    pastry patio pea pearl pebble pedal peel pelt perch petal pew pickle pier pillar pinch pine pint pit
    plank plaza plea plow plume plump poach pod polka pollen poodle porch possum pouch prawn prism prong
    prune pulp puma pump pupil purr quail quilt quiver rafter rag raisin rake ranch rash raven ravine
    reed reef rein relic rhino rib riddle rind rink rivet robe robin rodeo rogue rope rover ruby rudder
    ruin rum rust saddle saga sage salmon sandal sap sash satin sauna scarf scout scroll scythe seal
    seam sedan shack shawl shears shed shelf shrub siege silo skunk slate sled sleeve slipper slug smock
    snail sneaker snout sofa sonnet spade sparrow spatula spear spice spinach spool spruce squid stable
    stag stallion starch steeple stew stork strap straw stump suede summit swan sweater syrup tabby
    tack tadpole tango tavern teapot thimble thorn thread throne thumb tiara tide tile toad torch tulip
    turnip tusk tweed twig udder urn valley vase veil velvet vest vine violet visor vulture waffle wand
    weasel wharf wheat whisk wick wig willow wool wreath yacht yak yarn yeast yodel yolk zinc zipper
    agree amuse argue bathe blame boast borrow breed brew bury chase cheat clap coach crawl dare dig
    dodge drag dump earn erase fetch flee float frown gaze glide grasp greet grind hum hunt hurl itch
    juggle kneel knit lick limp loan mend mimic mourn nag nibble obey paste peek pinch plead pluck poke
    polish pounce pray preach punch quarrel rinse roam rob rot scold scrub shave shiver shrug sigh sip
    skip slap slip snore soak sob sow spill spit splash sprain squeeze stamp stare stir stroll sway sweep
    swing tease tickle tiptoe toss trace trot tug twirl unite vanish wade wander weave weep whistle wipe
    wobble yawn yell
"""


def fresh_words() -> list[str]:
    """The words of :data:`FRESH` that :data:`GROUPS` does not hold."""
    known = set(common_words())
    return [w for w in dict.fromkeys(FRESH.split()) if w not in known]
