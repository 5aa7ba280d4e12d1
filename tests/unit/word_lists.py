"""Everyday English words, grouped by topic, that a question to the assistant may hold without being about
the machine: the assistant's spelling repair must leave them as they are (``benchmarks/word_repair.py``
measures it, ``test_assistant_word_repair.py`` pins it). The typos it must still repair are in
``word_typos.py``.

Written by hand by topic rather than taken from the vocabulary, so the list does not lean towards the
words the repair already knows; words that are themselves topic words ("power", "line", "free") are
dropped by the measurement, as reading them is no repair.
"""

from __future__ import annotations

GROUPS: dict[str, str] = {
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
    "home": """
        home house apartment flat room bedroom bathroom kitchen garden yard garage basement attic roof wall
        walls floor floors ceiling window windows door doors stairs hallway balcony porch fence gate chimney
        furniture chair chairs table tables sofa couch bed beds pillow pillows blanket blankets sheet sheets
        mattress lamp lamps light lights curtain curtains carpet rug mirror shelf shelves cupboard closet
        drawer drawers wardrobe towel towels soap shampoo toothbrush toothpaste shower bath toilet sink tap
        faucet bucket broom mop vacuum laundry washer dryer iron hanger basket trash garbage rubbish bin
        recycling plant plants flower flowers tree trees grass lawn hedge pot pots candle candles clock
        vase painting frame frames photo poster heater radiator fan thermostat boiler plumbing pipe pipes
        wire wires socket plug plugs switch bulb bulbs battery batteries key keys lock doorbell mailbox
        neighbour neighbor landlord tenant rent mortgage chores dishes cleaning tidy messy cozy cosy
    """,
    "body": """
        body head face hair eye eyes ear ears nose mouth lip lips tooth teeth tongue neck shoulder shoulders
        arm arms elbow wrist hand hands finger fingers thumb nail nails chest back stomach belly hip hips leg
        legs knee knees ankle foot feet toe toes skin bone bones muscle muscles blood brain lung lungs liver
        kidney health healthy ill illness sick sickness disease fever cold flu cough headache toothache
        injury injured wound bruise doctor doctors nurse nurses hospital clinic patient medicine medicines
        pill pills tablet tablets vaccine dentist pharmacy prescription surgery operation ambulance emergency
        therapy appointment checkup diet sleep tired weight height pulse breath breathing allergy allergic
        pregnant glasses contact lenses
    """,
    "nature": """
        nature weather sun sunny rain rainy raining snow snowy snowing wind windy storm stormy thunder
        lightning cloud clouds cloudy fog foggy mist sky rainbow temperature climate season hot cold warm cool
        freezing ice icy frost humid humidity dry wet flood drought earthquake volcano hurricane tornado
        animal animals dog dogs cat cats puppy kitten bird birds fish horse horses cow cows pig pigs sheep
        goat chicken duck ducks rabbit mouse mice rat bear bears wolf fox deer lion tiger elephant monkey
        snake frog bee bees butterfly spider ant ants insect insects whale dolphin shark tree trees leaf
        leaves
        flower flowers grass bush forest wood woods jungle field meadow hill hills valley mountain rock rocks
        stone stones sand soil mud river lake pond stream waterfall ocean wave waves shore island planet
        earth moon star stars space universe galaxy
    """,
    "shopping": """
        shop shops shopping store stores market supermarket mall price prices cheap expensive sale discount
        coupon bargain cash card cards credit debit wallet purse coin coins money dollar dollars euro euros
        pound pounds cent cents change receipt refund return exchange cart basket checkout cashier customer
        brand brands product products item items size sizes color colour colors colours clothes clothing shirt
        shirts tshirt pants trousers jeans shorts skirt dress dresses jacket coat sweater hoodie sock socks
        shoe shoes boot boots sneakers hat cap scarf belt tie suit uniform pyjamas underwear jewelry jewellery
        ring necklace earrings bracelet watch sunglasses umbrella gift gifts present presents wrapping
        delivery order online parcel package packages
    """,
    "people": """
        people person persons man men woman women boy boys girl girls guy guys lady ladies gentleman human
        humans someone somebody anybody nobody everybody everyone neighbour stranger strangers citizen
        citizens member members leader leaders king queen prince princess president minister mayor police
        policeman officer soldier soldiers army navy farmer farmers worker workers engineer engineers
        scientist scientists artist artists actor actress singer musician writer author poet journalist
        reporter photographer designer architect builder carpenter plumber electrician mechanic pilot
        sailor baker butcher cleaner gardener janitor secretary assistant cashier banker lawyer judge
        priest monk nun teacher student doctor nurse dentist vet chef waiter barber hairdresser
    """,
    "things": """
        thing things stuff object objects box boxes bottle bottles jar jars can cans bag bags paper papers
        book books magazine magazines newspaper newspapers page pages story stories novel poem poems song
        songs movie movies film films show shows series episode episodes video videos music radio television
        tv picture pictures painting photo toy toys doll dolls puzzle puzzles game games ball balls gift
        rope string chain tool tools hammer nail nails screw screws saw drill ladder shovel rake wheel wheels
        engine engines machine machines motor bicycle tire tyre tires tyres brake brakes mirror glass metal
        wood plastic rubber cotton wool silk leather gold silver iron steel copper stone brick bricks cement
        concrete
    """,
    "tech_everyday": """
        phone phones smartphone tablet laptop laptops computer computers keyboard mouse screen screens monitor
        printer internet website websites web browser app apps email password passwords account accounts
        login username online offline wifi network router cable cables charger charging battery download
        upload install update updates software hardware file files folder folders photo photos selfie camera
        message messages text texts chat chats call video podcast stream streaming channel channels social
        media post posts like likes share follow follower followers subscribe comment comments link links
        click button buttons icon icons menu settings profile notification notifications
    """,
    "abstract": """
        idea ideas thought thoughts reason reasons fact facts truth lie lies question questions answer answers
        problem solution solutions way ways method methods plan plans purpose meaning sense chance chances
        luck lucky fortune fate risk risks danger safety safe secure freedom peace war conflict justice law
        laws rule rules right rights duty duties power authority government politics election elections vote
        votes democracy society culture tradition traditions religion belief beliefs faith hope value values
        quality quantity amount number numbers level levels degree range rate rates size shape form forms type
        types kind kinds sort sorts part parts piece pieces whole half quarter total sum average example
        examples detail details point points issue issues matter subject topic topics theme story case cases
        situation condition conditions state status event events experience experiences opportunity effort
        success failure progress result results effect effects cause causes influence impact role position
        relationship relation connection difference differences similarity advantage disadvantage benefit
        choice choices decision decisions option options opinion opinions view views attention memory
        memories knowledge wisdom skill skills ability talent habit habits behaviour behavior manner manners
        character personality identity nature spirit energy strength weakness force pressure tension balance
        order chaos rhythm pattern patterns system systems structure process method theory practice
        principle principles standard standards
    """,
    "adjectives": """
        big bigger small smaller large larger little tiny huge giant long short tall high low wide narrow
        thick thin heavy light deep shallow fast quick slow early late new old young ancient modern fresh
        clean dirty tidy messy neat full empty open closed busy quiet loud noisy soft hard smooth rough sharp
        dull bright dark light pale colorful colourful beautiful pretty ugly handsome cute lovely nice fine
        good bad great poor rich cheap expensive free easy difficult simple complex plain fancy strong weak
        healthy sick alive dead real fake true false right wrong correct certain sure possible impossible
        likely unlikely important serious funny strange weird odd normal usual unusual common rare special
        ordinary famous popular private public personal general main major minor basic final whole single
        double main certain clear obvious safe dangerous careful careless polite rude honest friendly
        helpful useful useless ready available familiar similar different same equal various several
        enough extra spare total entire complete perfect terrible brilliant excellent wonderful fantastic
        gorgeous delicious tasty fresh rotten sticky fluffy crispy crunchy shiny sparkly cosy comfortable
        uncomfortable lucky unlucky wise clever smart stupid silly crazy calm wild gentle fierce quiet
    """,
    "function_words": """
        the a an and or but if then than because since although though unless whether while so yet also too
        very really quite rather pretty just only even still already almost nearly about around above below
        over under between among through across along against toward towards into onto upon within without
        behind beside besides beyond near far inside outside up down off out away back here there where
        everywhere somewhere anywhere nowhere this that these those what which who whom whose why how when
        all both each every either neither none some any many much more most few fewer less least other
        another such own same one ones myself yourself himself herself itself ourselves themselves mine yours
        his hers ours theirs our your their its my me you him her us them they we he she it shall will would
        should could might must can may ought yes no not nope yeah yep okay maybe perhaps please thanks
        thank sorry hello goodbye bye cheers welcome
    """,
    "hobbies": """
        hobby hobbies reading gardening knitting sewing painting drawing photography fishing camping hiking
        cooking baking singing dancing piano guitar violin drums flute trumpet band concert concerts festival
        festivals party parties picnic barbecue movie cinema theatre theater museum gallery collection stamps
        coins puzzle crossword sudoku chess checkers cards board boardgame videogame gaming gamer console
        novel novels poetry blog blogging vlog diary journal craft crafts pottery woodwork volunteering
        travel yoga meditation
    """,
    "places": """
        place places area areas region regions zone neighborhood neighbourhood district suburb downtown
        center centre square plaza market hall halls building buildings tower towers factory factories farm
        farms mill mine mines bank banks post library hospital school church mosque synagogue prison jail
        court courthouse embassy station airport port harbour harbor garage parking lot stadium arena
        theatre cinema restaurant bar pub club hotel shop office warehouse laboratory lab studio gym pool
        playground cemetery zoo aquarium
    """,
    "misc_common": """
        anyway anyhow somehow otherwise instead however therefore moreover furthermore meanwhile indeed
        actually basically literally seriously honestly obviously clearly certainly definitely probably
        possibly hopefully luckily unfortunately fortunately apparently especially exactly simply mostly
        mainly partly fully entirely completely totally quite nearly hardly barely merely rather fairly
        pretty awfully terribly extremely incredibly absolutely positively relatively slightly somewhat
        together apart alone aside ahead abroad afterwards beforehand forward forwards backward backwards
        upstairs downstairs indoors outdoors overseas online offline whatever whenever wherever whoever
        however whichever nothing something anything everything nowhere anybody
        cheese chance change charge charm chart chase cheap cheat check cheek cheer chest chew chief chill
        chin chip choice choir choke chop chord chorus chose chunk church cider cigar cinema circle citizen
        civil claim clap clash clasp class clause claw clay clerk cliff climate cling clinic clip cloak clock
        clone close cloth cloud clown club clue clumsy coach coast coat code coffee coil coin collar collect
        comedy comfort comic command comment commit common compass complain concert confirm connect
        consist contain content contest context control convert convince copy coral core corn correct
        cost cotton cough council count county couple courage cousin cover cow crack craft crane crash crawl
        crazy cream credit crew crime crisp critic crop cross crowd crown crude cruel cruise crumb crush
        crust cry crystal cube culture cup cupboard curious current curtain curve cushion custom cycle
        damage damp dance danger daring dash data daughter deal debate debt decent decide declare decline
        decorate decrease deer defend define defy degree delay deliver demand denial dentist deny depart
        depend deposit depth deputy derive describe desert design desire despair destroy detail detect
        develop diary dice diesel differ digital dignity dilemma dinner dinosaur direct dirt disagree
        discover disease dish dismiss disorder display distance divert divide divorce dizzy doctor document
        dolphin domain donate donkey donor dose double dove draft dragon drama drastic dream dress drift
        drill drip drum duck dumb dune dust dutch dwarf dynamic eager eagle early earn earth easily echo
        ecology economy edge edit educate effort elbow elder electric elegant element elephant elevator elite
        else embark embody embrace emerge emotion employ empower enable enact endless endorse enemy enforce
        engage engine enhance enjoy enlist enough enrich enroll ensure enter entire entry envelope episode
        equal equip erase erode erosion escape essay essence estate eternal ethics evidence evil evoke
        evolve exact example excess exchange excite exclude excuse execute exercise exhaust exhibit exile
        exist exit exotic expand expect expire explain expose express extend extra fabric faculty fade
        faint faith false fame famous fancy fantasy farm fashion fatal fatigue fault favorite feature
        february federal fee feed fiction field figure film filter final finger finish fire firm fiscal
        fitness flag flame flash flat flavor flee flight flip float flock floor flower fluid flush foam focus
        fold follow force forest forget fork fortune forum forward fossil foster fragile frame frequent fresh
        friend fringe frog front frost frown fruit fuel funny fury future gadget gain galaxy gallery gap
        garage garbage garden garlic garment gasp gather gauge gaze genius genre gentle genuine gesture
        ghost giant gift giggle ginger giraffe glance glare glide glimpse globe gloom glory glove glue goat
        goddess gorilla gospel gossip govern gown grab grace grain grant grape grass gravity great green grid
        grief grit grocery group grunt guard guess guide guilt guitar habit hammer hamster harbor harvest
        hawk hazard health heart heavy hedgehog height hello helmet help hen hero hidden hill hint hip hire
        hobby hockey hole hollow honey hood hope horn horror horse hospital host hotel hover hub huge humble
        humor hundred hungry hunt hurdle hurry husband hybrid ice icon ignore illegal illness image imitate
        immense immune impact impose improve impulse inch include income increase index indicate indoor
        industry infant inflict inform inhale inherit initial inject injury inmate inner innocent input
        inquiry insane insect inside inspire install intact interest invest invite involve iron island
        isolate issue item ivory jacket jaguar jar jazz jealous jeans jelly jewel joke journey judge juice
        jungle junior junk just kangaroo keen ketchup kidney kingdom kitchen kite kitten kiwi knee knife
        knock label labor ladder lady lake lamp language laptop large laundry lawn lawsuit layer lazy leader
        leaf learn leave lecture legal legend leisure lemon lend length lens leopard lesson letter level
        liar liberty library license life lift limb limit link lion liquid little live lizard loan lobster
        local lock logic lonely loop lottery loud lounge loyal lucky luggage lumber lunar lunch luxury lyrics
        magic magnet maid mail major mammal manage mandate mango mansion manual maple marble margin marine
        market marriage mask mass master material maximum meadow meaning measure meat mechanic medal media
        melody melt member memory mention menu mercy merge merit merry mesh message metal method middle
        midnight milk million mimic mind minimum minor minute miracle mirror misery miss mistake mixed
        mixture mobile model modify moment monitor monkey monster month moral morning mosquito mother motion
        motor mountain mouse movie muffin mule multiply muscle museum mushroom music must mutual myself
        mystery myth naive napkin narrow nasty nation nature near neck negative neglect neither nephew nerve
        nest network neutral never news next nice night noble noise nominee noodle normal north nose notable
        note nothing notice novel nuclear number nurse oak obey object oblige obscure observe obtain obvious
        occur ocean october odor offer office often olive olympic omit once onion online only open opera
        opinion oppose option orange orbit orchard order ordinary organ orient original orphan ostrich
        other outdoor outer output outside oval oven over owner oxygen oyster ozone pact paddle page pair
        palace palm panda panel panic panther paper parade parent park parrot party pass patch path patient
        patrol pattern pause pave payment peace peanut pear peasant pelican penalty pencil people pepper
        perfect permit person pet phone photo phrase physical piano picnic picture piece pig pigeon pill
        pilot pink pioneer pipe pistol pitch pizza place planet plastic plate play please pledge pluck plug
        plunge poem poet point polar pole police pond pony pool popular portion position possible post
        potato pottery poverty powder practice praise predict prefer prepare present pretty prevent price
        pride primary print priority prison private prize problem process produce profit program project
        promote proof property prosper protect proud provide public pudding pull pulp pulse pumpkin punch
        pupil puppy purchase purity purpose purse push puzzle pyramid quality quantum quarter question quick
        quit quiz quote rabbit raccoon race rack radar radio rail rain raise rally ramp ranch random range
        rapid rare rate rather raven razor ready real reason rebel rebuild recall receive recipe record
        recycle reduce reflect reform refuse region regret regular reject relax release relief rely remain
        remember remind remove render renew rent reopen repair repeat replace reply require rescue resemble
        resist resource response result retire retreat return reunion reveal review reward rhythm ribbon
        rice rich ride ridge rifle right rigid ring riot ripple risk ritual rival river road roast robot
        robust rocket romance roof rookie room rose rotate rough round route royal rubber rude rug rule
        rural sad saddle sadness safe sail salad salmon salon salt salute sample sand satisfy sauce
        sausage save scale scan scare scatter scene scheme school science scissors scorpion scout scrap
        screen script scrub sea search season seat second secret section security seed seek segment select
        sell seminar senior sense sentence series service session settle setup seven shadow shaft shallow
        share shed shell sheriff shield shift shine ship shiver shock shoe shoot shop short shoulder shove
        shrimp shrug shuffle shy sibling sick side siege sight sign silent silk silly silver similar simple
        since sing siren sister situate six size skate sketch ski skill skin skirt skull slab slam sleep
        slender slice slide slight slim slogan slot slow slush small smart smile smoke smooth snack snake
        snap sniff snow soap soccer social sock soda soft solar soldier solid solution solve someone song
        soon sorry sort soul sound soup source south space spare spatial spawn speak special speed spell
        spend sphere spice spider spike spin spirit split spoil sponsor spoon sport spot spray spread spring
        spy square squeeze squirrel stable stadium staff stage stairs stamp stand start state stay steak
        steel stem step stereo stick still sting stock stomach stone stool story stove strategy street
        strike strong struggle student stuff stumble style subject submit subway success such sudden suffer
        sugar suggest suit summer sun sunny sunset super supply supreme sure surface surge surprise surround
        survey suspect sustain swallow swamp swap swarm swear sweet swift swim swing switch sword symbol
        symptom syrup table tackle tag tail talent talk tank tape target task taste tattoo taxi teach team
        tell tenant tennis tent term test text thank that theme then theory there they thing this thought
        three thrive throw thumb thunder ticket tide tiger tilt timber time tiny tip tired tissue title
        toast tobacco today toddler toe together toilet token tomato tomorrow tone tongue tonight tool tooth
        topic topple torch tornado tortoise toss total tourist toward tower town toy track trade traffic
        tragic train transfer trap trash travel tray treat tree trend trial tribe trick trigger trim trip
        trophy trouble truck true truly trumpet trust truth tube tuition tumble tuna tunnel turkey turn turtle
        twelve twenty twice twin twist two type typical ugly umbrella unable unaware uncle uncover under
        undo unfair unfold unhappy uniform unique unit universe unknown unlock until unusual unveil update
        upgrade uphold upon upper upset urban urge usage useful useless usual utility vacant vacuum vague
        valid valley valve van vanish vapor various vast vault vehicle velvet vendor venture venue verb
        verify version very vessel veteran viable vibrant vicious victory video view village vintage violin
        virtual virus visa visit visual vital vivid vocal voice void volcano volume vote voyage wage wagon
        wait walk wall walnut want warfare warm warrior wash wasp waste water wave way wealth weapon wear
        weasel weather web wedding weekend weird welcome west wet whale what wheat wheel when where whip
        whisper wide width wife wild will win window wine wing wink winner winter wire wisdom wise wish
        witness wolf woman wonder wood wool word work world worry worth wrap wreck wrestle wrist write wrong
        yard year yellow you young youth zebra zero zone zoo
    """,
}


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
